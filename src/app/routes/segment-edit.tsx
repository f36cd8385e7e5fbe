import { useLingui } from '@lingui/react/macro';
import { formatPeople } from '../../lib/format';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { useQuery } from '@tanstack/react-query';
import { data, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SegmentFilterInput } from '../../api/segments';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { DetailSkeleton, ErrorState } from '../../components/states';
import { listQueries } from '../../api/shared-queries';
import { SegmentBuilder } from '../../features/segments/components/segment-builder';
import { segmentQueries } from '../../features/segments/queries';
import { useListId } from './list-id';

/** `?filter=<json>` starts a new segment from a filter (e.g. the people behind a chart). */
function filterFromUrl(raw: string | null): SegmentFilterInput | undefined {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as SegmentFilterInput;
  } catch {
    return undefined;
  }
}

export function Component() {
  const { t } = useLingui();
  const listId = useListId();
  const { segmentId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (segmentId !== undefined && !/^\d+$/.test(segmentId)) throw data('Not found', { status: 404 });
  const id = segmentId === undefined ? undefined : Number(segmentId);
  const list = useQuery(listQueries.detail(listId));
  const segment = useQuery({
    ...segmentQueries.detail(listId, id ?? 0),
    enabled: id !== undefined,
  });
  const title = id === undefined ? t`New segment` : (segment.data?.name ?? t`Segment`);
  return (
    <>
      <PageHeader
        title={title}
        description={t`The count and the first matching people follow the filter as you change it.`}
        above={
          <Breadcrumbs
            items={[
              { label: list.data?.name ?? t`List`, to: `/lists/${listId}` },
              { label: t`Segments`, to: `/lists/${listId}/segments` },
            ]}
          />
        }
      />
      {id !== undefined && segment.isPending ? (
        <DetailSkeleton />
      ) : segment.isError ? (
        <ErrorState error={segment.error} onRetry={() => void segment.refetch()} />
      ) : (
        <SegmentBuilder
          key={segment.data?.id ?? 'new'}
          listId={listId}
          segment={segment.data}
          initialFilter={filterFromUrl(params.get('filter'))}
          onSaved={(saved) => {
            const name = saved.name;
            const people = formatPeople(saved.count);
            notifySuccess(t`Segment “${name}” saved: ${people}.`);
            void navigate(`/lists/${listId}/segments/${saved.id}`, { replace: true });
          }}
        />
      )}
    </>
  );
}
