import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Suppression } from '../../../api/suppressions';
import { describeError } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify } from '../../../components/notify';
import { PlainTable } from '../../../components/plain-table';
import { SearchInput } from '../../../components/search-input';
import { TableFooter } from '../../../components/table-footer';
import { useCan } from '../../../components/use-can';
import { suppressionQueries, useDeleteSuppression } from '../queries';
import { SuppressionTools } from './suppression-tools';

const PAGE_SIZE = 25;

const reasonLabels: Record<Suppression['reason'], string> = {
  complaint: 'Complaint',
  hard_bounce: 'Hard bounce',
  manual: 'Added by hand',
  erased: 'Erased',
};

/** What an entry names: an address, a whole domain, or an erased person (kept as a hash). */
export const entryLabel = (s: Suppression) =>
  s.email ?? (s.domain ? `Every address at ${s.domain}` : 'An erased person (hidden)');

/**
 * The suppression list: search by the start of an address or domain, add, remove, import and
 * export. Search and page live in the URL (§3.5).
 */
export function SuppressionsScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Number(params.get('page')) || 1;
  const { data, error, isPending } = useQuery(suppressionQueries.page({ search, page }));
  const canManage = useCan('subscribers:manage');
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const remove = useDeleteSuppression();
  const setQuery = (next: { search?: string; page?: number }) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || value === 1) merged.delete(key);
        else merged.set(key, String(value));
      }
      return merged;
    });

  if (error && !data) return <Alert color="red">{describeError(error)}</Alert>;
  if (data && !data.supported)
    return (
      <Alert color="blue" role="status" title="Not available">
        This server does not keep a suppression list.
      </Alert>
    );
  const results = data?.data.results ?? [];
  return (
    <Stack>
      {canManage && <SuppressionTools />}
      <SearchInput
        label="Search by the start of an address or domain"
        value={search}
        onSearch={(value) => setQuery({ search: value, page: 1 })}
      />
      <PlainTable minWidth={560} aria-label="Suppressed addresses" aria-busy={isPending}>
        <thead>
          <tr>
            <th>Address or domain</th>
            <th>Reason</th>
            <th>Source</th>
            <th>Added</th>
            {canManage && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {results.map((s) => (
            <tr key={s.id}>
              <td style={{ wordBreak: 'break-all' }}>{entryLabel(s)}</td>
              <td>{reasonLabels[s.reason]}</td>
              <td>{s.source}</td>
              <td>{new Date(s.created).toLocaleString()}</td>
              {canManage && (
                <td>
                  {s.reason !== 'erased' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${entryLabel(s)}`}
                      onClick={() => setRemoving(s)}
                    >
                      Remove
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </PlainTable>
      {data?.data.count === 0 && (
        <Text c="dimmed">
          {search ? 'Nothing on the list starts with that.' : 'Nobody is on the list.'}
        </Text>
      )}
      {data && (
        <TableFooter
          count={data.data.count}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(next) => setQuery({ page: next })}
          label="Suppression list pages"
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from the suppression list?"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: () => {
              notify({ message: `${entryLabel(removing!)} can be mailed again.` });
              setRemoving(null);
            },
            onError: (err) => notify({ color: 'red', message: describeError(err) }),
          })
        }
      >
        <Text size="sm">
          {removing && entryLabel(removing)} will receive mail again from the next delivery on.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
