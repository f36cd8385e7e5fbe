import type { List } from '../../../contract/lists.js';
import type { ListRow } from './repository.js';

export function serializeList(row: ListRow): List {
  return {
    id: row.id,
    create_datetime: row.createDatetime.toISOString(),
    create_user: row.createUser,
    update_datetime: row.updateDatetime.toISOString(),
    update_user: row.updateUser,
    name: row.name,
    default_from_name: row.defaultFromName,
    default_from_email: row.defaultFromEmail,
    default_replyto_email: row.defaultReplytoEmail,
    default_language: row.defaultLanguage,
    languages: row.languages,
    double_opt_in: row.doubleOptIn,
    subscriber_counts: {
      active: row.counts?.active ?? 0,
      pending: row.counts?.pending ?? 0,
      bounced: row.counts?.bounced ?? 0,
      unsubscribed: row.counts?.unsubscribed ?? 0,
      deleted: row.counts?.deleted ?? 0,
    },
  };
}
