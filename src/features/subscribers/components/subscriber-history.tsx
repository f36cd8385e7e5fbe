import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/link';
import type { HistoryEntry } from '../../../api/subscribers';
import { ErrorState } from '../../../components/states';
import { TableFooter } from '../../../components/table-footer';
import { subscriberQueries } from '../queries';
import { isSubscriptionState, stateLabel } from '../states';
import { FALLBACK_FIELDS, fieldLabel } from '../columns';
import { formatDate, formatDateTime } from '../../../lib/format';

const PAGE_SIZE = 10;
const editable = new Set([
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
]);
function fieldName(field: string | null | undefined) {
  const builtIn = FALLBACK_FIELDS.find((f) => f.name === field && editable.has(f.name));
  if (builtIn) return fieldLabel(builtIn);
  const custom = String(field);
  return t`${custom} (custom)`;
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? t`(empty)`
    : typeof value === 'string'
      ? t`“${value}”`
      : JSON.stringify(value);
const stateName = (value: unknown) =>
  typeof value === 'string' && isSubscriptionState(value) ? stateLabel(value) : String(value);

function pausedUntil(iso: string) {
  const day = formatDate(iso);
  return t`Mail paused until ${day} (resumes by itself)`;
}
const stateChange = (from: string, to: string) => t`Subscription ${from} → ${to}`;

/** What happened, in a sentence. */
function describe(entry: HistoryEntry, listId: number) {
  if (entry.kind === 'created') {
    if (entry.via === 'import' && entry.import) {
      const { id, file } = entry.import;
      const link = `/lists/${listId}/imports/${id}`;
      return file ? (
        <Trans>
          Created by <Link to={link}>import #{id}</Link> ({file})
        </Trans>
      ) : (
        <Trans>
          Created by <Link to={link}>import #{id}</Link>
        </Trans>
      );
    }
    return entry.via === 'form'
      ? t`Created in the dashboard`
      : entry.via === 'api'
        ? t`Created through the API`
        : t`Created`;
  }
  // An automation's step (issue 31): the server writes the sentence.
  if (entry.kind === 'message' && entry.field === 'automation') return String(entry.new_value);
  const outcome = String(entry.new_value);
  if (entry.kind === 'message')
    return entry.new_value === 'sent'
      ? t`Confirmation request sent`
      : t`Confirmation request ${outcome}`;
  // A pause from the preference centre (issue 50): it ends by itself at the date shown.
  if (entry.field === 'paused_until')
    return typeof entry.new_value === 'string'
      ? pausedUntil(entry.new_value)
      : t`Pause ended: mail resumed`;
  if (entry.kind === 'state')
    return stateChange(stateName(entry.old_value), stateName(entry.new_value));
  return `${fieldName(entry.field)} ${shown(entry.old_value)} → ${shown(entry.new_value)}`;
}

/** How a change came about, after its sentence (creation says it in the sentence). */
const viaLabels: Record<NonNullable<HistoryEntry['via']>, MessageDescriptor> = {
  form: msg`dashboard`,
  api: msg`API`,
  import: msg`import`,
  'unsubscribe-link': msg`the recipient's unsubscribe link`,
  'opt-in-link': msg`the recipient's confirmation link`,
  bounce: msg`a bounce report`,
  'signup-form': msg`a sign-up form`,
  'preference-centre': msg`the recipient's preference centre`,
  complaint: msg`a spam complaint`,
};
const how = (entry: HistoryEntry) =>
  entry.kind === 'created' || !entry.via
    ? ''
    : entry.via === 'import'
      ? ` · ${importNumber(entry.import?.id ?? '')}`
      : ` · ${i18n._(viaLabels[entry.via])}`;
const importNumber = (id: number | string) => t`import #${id}`;
const userNumber = (id: number) => t`user #${id}`;

/** The "History" region: every change to the subscriber, newest first, paginated. */
export function SubscriberHistory({
  listId,
  subscriberId,
}: {
  listId: number;
  subscriberId: number;
}) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useQuery(subscriberQueries.history(listId, subscriberId, page));
  const result = query.data;
  // Another deployment of the API keeps no history: the region is left out.
  if (result && !result.supported) return null;
  const data = result?.data;
  return (
    <Card withBorder component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" mb="sm" id="history-title">
        <Trans>History</Trans>
      </Title>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Text size="sm" c="dimmed">
          <Trans>Loading…</Trans>
        </Text>
      ) : data.count === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No changes recorded.</Trans>
        </Text>
      ) : (
        <>
          <List listStyleType="none" spacing="xs" aria-label={t`Changes, newest first`}>
            {data.results.map((entry) => (
              <List.Item key={entry.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {describe(entry, listId)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                  {entry.user ? ` · ${entry.user.username ?? userNumber(entry.user.id)}` : ''}
                  {how(entry)}
                </Text>
              </List.Item>
            ))}
          </List>
          <TableFooter
            label={t`History pages`}
            count={data.count}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        </>
      )}
    </Card>
  );
}
