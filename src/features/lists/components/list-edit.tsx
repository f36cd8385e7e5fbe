import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { DetailSkeleton, ErrorState } from '../../../components/states';
import { listToForm } from '../list-form-values';
import { useUpdateList } from '../mutations';
import { listQueries } from '../../../api/shared-queries';
import { useDoubleOptInSupport } from '../use-double-opt-in';
import { ListForm } from './list-form';

export function ListEdit({ listId }: { listId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { data: list, error, refetch } = useQuery(listQueries.detail(listId));
  const update = useUpdateList(listId);
  const doubleOptIn = useDoubleOptInSupport(list);
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!list) return <DetailSkeleton />;
  return (
    <ListForm
      // Remount when another list is opened, so the form starts from its values.
      key={list.id}
      initial={listToForm(list)}
      doubleOptIn={doubleOptIn}
      submitLabel={t`Save changes`}
      onCancel={() => void navigate(`/lists/${listId}`)}
      onSubmit={async (body) => {
        const saved = await update.mutateAsync(body);
        const name = saved.name;
        notifySuccess(t`List “${name}” saved.`);
        await navigate(`/lists/${listId}`);
      }}
    />
  );
}
