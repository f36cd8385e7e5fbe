import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDateTime } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
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

const reasonLabels: Record<Suppression['reason'], MessageDescriptor> = {
  complaint: msg`Complaint`,
  hard_bounce: msg`Hard bounce`,
  manual: msg`Added by hand`,
  erased: msg`Erased`,
};

/**
 * The suppression list: search by the start of an address or domain, add, remove, import and
 * export. Search and page live in the URL (§3.5).
 */
export function SuppressionsScreen() {
  const { t, i18n } = useLingui();
  /** What an entry names: an address, a whole domain, or an erased person (kept as a hash). */
  const entryLabel = (s: Suppression) => {
    const domain = s.domain;
    return s.email ?? (domain ? t`Every address at ${domain}` : t`An erased person (hidden)`);
  };
  const removingMessage = (label: string) =>
    t`${label} will receive mail again from the next delivery on.`;
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
      <Alert color="blue" role="status" title={t`Not available`}>
        <Trans>This server does not keep a suppression list.</Trans>
      </Alert>
    );
  const results = data?.data.results ?? [];
  return (
    <Stack>
      {canManage && <SuppressionTools />}
      <SearchInput
        label={t`Search by the start of an address or domain`}
        value={search}
        onSearch={(value) => setQuery({ search: value, page: 1 })}
      />
      <PlainTable minWidth={560} aria-label={t`Suppressed addresses`} aria-busy={isPending}>
        <thead>
          <tr>
            <th>
              <Trans>Address or domain</Trans>
            </th>
            <th>
              <Trans>Reason</Trans>
            </th>
            <th>
              <Trans>Source</Trans>
            </th>
            <th>
              <Trans>Added</Trans>
            </th>
            {canManage && (
              <th>
                <Trans>Actions</Trans>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {results.map((s) => {
            const label = entryLabel(s);
            return (
              <tr key={s.id}>
                <td style={{ wordBreak: 'break-all' }}>{label}</td>
                <td>{i18n._(reasonLabels[s.reason])}</td>
                <td>{s.source}</td>
                <td>{formatDateTime(s.created)}</td>
                {canManage && (
                  <td>
                    {s.reason !== 'erased' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={t`Remove ${label}`}
                        onClick={() => setRemoving(s)}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </PlainTable>
      {data?.data.count === 0 && (
        <Text c="dimmed">
          {search ? t`Nothing on the list starts with that.` : t`Nobody is on the list.`}
        </Text>
      )}
      {data && (
        <TableFooter
          count={data.data.count}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(next) => setQuery({ page: next })}
          label={t`Suppression list pages`}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove from the suppression list?`}
        confirmLabel={t`Remove`}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: () => {
              const label = entryLabel(removing!);
              notify({ message: t`${label} can be mailed again.` });
              setRemoving(null);
            },
            onError: (err) => notify({ color: 'red', message: describeError(err) }),
          })
        }
      >
        <Text size="sm">{removing && removingMessage(entryLabel(removing))}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
