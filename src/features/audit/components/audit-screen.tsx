import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cursorOf } from '../../../api/audit';
import { PlainTable } from '../../../components/plain-table';
import { EmptyState, ErrorState, LinesSkeleton } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { auditQueries, auditQueryOf } from '../queries';

const FILTERS = [
  { name: 'user', label: msg`User id`, type: 'text' },
  { name: 'resource_type', label: msg`Resource type`, type: 'text' },
  { name: 'action', label: msg`Action`, type: 'text' },
  { name: 'from', label: msg`From (day)`, type: 'date' },
  { name: 'to', label: msg`To (day)`, type: 'date' },
] as const;

/** Every write through the API, newest first, with filters kept in the address (§3.5). */
export function AuditScreen() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const query = useQuery(auditQueries.page(auditQueryOf(params)));
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((f) => [f.name, params.get(f.name) ?? ''])),
  );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v.trim()) next.set(k, v.trim());
    setParams(next);
  };
  const tokenLabel = (token: number, name: string | null | undefined) =>
    name ? t`token “${name}” (#${token})` : t`token #${token}`;
  const goTo = (cursor: string | undefined) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    setParams(next);
  };

  return (
    <Stack>
      <form onSubmit={apply} aria-label={t`Audit filters`}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
          {FILTERS.map((f) => (
            <TextInput
              key={f.name}
              label={i18n._(f.label)}
              type={f.type}
              value={draft[f.name]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((d) => ({ ...d, [f.name]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit">
            <Trans>Apply filters</Trans>
          </Button>
        </Group>
      </form>
      {query.isPending ? (
        <LinesSkeleton label={t`Loading the audit log`} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data.supported ? (
        <EmptyState title={t`No audit log`}>
          <Trans>This server does not keep an audit log.</Trans>
        </EmptyState>
      ) : query.data.data.results.length === 0 ? (
        <EmptyState title={t`No entries`}>
          <Trans>Nothing was written that matches these filters.</Trans>
        </EmptyState>
      ) : (
        <>
          <PlainTable aria-label={t`Audit log`} minWidth={760}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans>Resource</Trans>
                </th>
                <th scope="col">
                  <Trans>From</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.results.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.time)}</td>
                  <td>
                    {e.username ?? '—'}
                    {e.token !== null && <Text size="xs">{tokenLabel(e.token, e.token_name)}</Text>}
                  </td>
                  <td>
                    {e.action}
                    <Text size="xs" c="dimmed">
                      {e.method} {e.route}
                    </Text>
                    {e.detail && <Text size="sm">{e.detail}</Text>}
                  </td>
                  <td>
                    {e.resource_type ?? '—'}
                    {e.resource_id !== null && ` #${e.resource_id}`}
                  </td>
                  <td>{e.address}</td>
                  <td>{e.status}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
          <Group>
            <Button
              variant="default"
              disabled={!params.get('cursor')}
              onClick={() => goTo(undefined)}
            >
              <Trans>Newest entries</Trans>
            </Button>
            <Button
              variant="default"
              disabled={!query.data.data.next}
              onClick={() => goTo(cursorOf(query.data.supported ? query.data.data.next : null))}
            >
              <Trans>Older entries</Trans>
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
