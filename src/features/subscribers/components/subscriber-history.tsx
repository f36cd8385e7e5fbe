import { Card, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HistoryEntry } from '../../../api/subscribers';
import { ErrorState } from '../../../components/states';
import { TableFooter } from '../../../components/table-footer';
import { subscriberQueries } from '../queries';
import { stateLabels, type SubscriptionState } from '../states';

const PAGE_SIZE = 10;
const fieldNames: Record<string, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  language: 'Language',
  region: 'Region',
};

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? `“${value}”`
      : JSON.stringify(value);
const stateName = (value: unknown) =>
  typeof value === 'string' && value in stateLabels
    ? stateLabels[value as SubscriptionState]
    : String(value);

/** What happened, in a sentence. */
function describe(entry: HistoryEntry, listId: number) {
  if (entry.kind === 'created') {
    if (entry.via === 'import' && entry.import)
      return (
        <>
          Created by{' '}
          <Link to={`/lists/${listId}/imports/${entry.import.id}`}>import #{entry.import.id}</Link>
          {entry.import.file ? ` (${entry.import.file})` : ''}
        </>
      );
    return entry.via === 'form'
      ? 'Created in the dashboard'
      : entry.via === 'api'
        ? 'Created through the API'
        : 'Created';
  }
  // An automation's step (issue 31): the server writes the sentence.
  if (entry.kind === 'message' && entry.field === 'automation') return String(entry.new_value);
  if (entry.kind === 'message')
    return entry.new_value === 'sent'
      ? 'Confirmation request sent'
      : `Confirmation request ${String(entry.new_value)}`;
  // A pause from the preference centre (issue 50): it ends by itself at the date shown.
  if (entry.field === 'paused_until')
    return typeof entry.new_value === 'string'
      ? `Mail paused until ${new Date(entry.new_value).toLocaleDateString()} (resumes by itself)`
      : 'Pause ended: mail resumed';
  if (entry.kind === 'state')
    return `Subscription ${stateName(entry.old_value)} → ${stateName(entry.new_value)}`;
  const name = fieldNames[entry.field ?? ''] ?? `${entry.field} (custom)`;
  return `${name} ${shown(entry.old_value)} → ${shown(entry.new_value)}`;
}

/** How a change came about, after its sentence (creation says it in the sentence). */
const viaLabels: Record<NonNullable<HistoryEntry['via']>, string> = {
  form: 'dashboard',
  api: 'API',
  import: 'import',
  'unsubscribe-link': "the recipient's unsubscribe link",
  'opt-in-link': "the recipient's confirmation link",
  bounce: 'a bounce report',
  'signup-form': 'a sign-up form',
  'preference-centre': "the recipient's preference centre",
  complaint: 'a spam complaint',
};
const how = (entry: HistoryEntry) =>
  entry.kind === 'created' || !entry.via
    ? ''
    : entry.via === 'import'
      ? ` · import #${entry.import?.id ?? ''}`
      : ` · ${viaLabels[entry.via]}`;

/** The "History" region: every change to the subscriber, newest first, paginated. */
export function SubscriberHistory({
  listId,
  subscriberId,
}: {
  listId: number;
  subscriberId: number;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery(subscriberQueries.history(listId, subscriberId, page));
  const result = query.data;
  // Another deployment of the API keeps no history: the region is left out.
  if (result && !result.supported) return null;
  const data = result?.data;
  return (
    <Card withBorder component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" mb="sm" id="history-title">
        History
      </Title>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : data.count === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : (
        <>
          <List listStyleType="none" spacing="xs" aria-label="Changes, newest first">
            {data.results.map((entry) => (
              <List.Item key={entry.id}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {describe(entry, listId)}
                </Text>
                <Text size="xs" c="dimmed">
                  {new Date(entry.at).toLocaleString()}
                  {entry.user ? ` · ${entry.user.username ?? `user #${entry.user.id}`}` : ''}
                  {how(entry)}
                </Text>
              </List.Item>
            ))}
          </List>
          <TableFooter
            label="History pages"
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
