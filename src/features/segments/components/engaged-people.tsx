import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { previewSegment, type SegmentFilterInput } from '../../../api/segments';
import { ExportCsvButton, type ExportJob } from '../../../components/export-csv-button';
import { ErrorState, LinesSkeleton } from '../../../components/states';
import { TableFooter } from '../../../components/table-footer';
import { createCsvFile } from '../../../lib/csv-export';
import { segmentQueries } from '../queries';
import { PeopleTable } from './people-table';
import { formatPeople } from '../../../lib/format';

export const engagementActions = ['opened', 'clicked', 'bounced'] as const;
export type EngagementAction = (typeof engagementActions)[number];
const PAGE_SIZE = 25;
const EXPORT_PAGE = 1000;

export const engagementFilter = (
  mailing: number,
  action: EngagementAction,
  url?: string,
): SegmentFilterInput => ({
  match: 'all',
  conditions: [{ field: 'engagement', mailing, action, ...(url ? { url } : {}) }],
});

/**
 * The subscribers of the list behind a statistic: who opened, clicked (a link) or bounced a
 * mailing. Paged, exportable as CSV, and savable as a segment to target them again.
 */
export function EngagedPeople({
  listId,
  filter,
  page,
  onPage,
  fileName,
}: {
  listId: number;
  filter: SegmentFilterInput;
  page: number;
  onPage: (page: number) => void;
  fileName: string;
}) {
  const { t } = useLingui();
  const people = useQuery(segmentQueries.preview(listId, filter, page, PAGE_SIZE));
  const exportJob: ExportJob = async ({ signal, onProgress }) => {
    const file = createCsvFile(['email', 'first_name', 'last_name', 'subscription']);
    let rows = 0;
    for (let p = 1; ; p++) {
      const res = await previewSegment(listId, filter, { page: p, page_size: EXPORT_PAGE }, signal);
      await file.add(res.results.map((s) => [s.email, s.first_name, s.last_name, s.subscription]));
      rows += res.results.length;
      onProgress(rows, res.count);
      if (!res.next) break;
    }
    return { blob: file.toBlob(), rows };
  };
  if (people.isPending) return <LinesSkeleton />;
  if (people.isError)
    return <ErrorState error={people.error} onRetry={() => void people.refetch()} />;
  const { count, results } = people.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text role="status" fw={600}>
          {formatPeople(count)}
        </Text>
        <Group gap="sm">
          <ExportCsvButton
            job={exportJob}
            fileName={fileName}
            title={t`Exporting people`}
            unit={t`people`}
            disabled={count === 0}
          />
          <Button
            component={Link}
            variant="default"
            to={`/lists/${listId}/segments/new?${new URLSearchParams({ filter: JSON.stringify(filter) })}`}
          >
            <Trans>Save as segment</Trans>
          </Button>
        </Group>
      </Group>
      <PeopleTable label={t`People`} listId={listId} people={results} />
      {count > 0 && <TableFooter count={count} page={page} pageSize={PAGE_SIZE} onPage={onPage} />}
    </Stack>
  );
}
