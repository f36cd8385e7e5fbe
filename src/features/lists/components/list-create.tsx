import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { emptyListForm } from '../list-form-values';
import { useCreateList } from '../mutations';
import { useDoubleOptInSupport } from '../use-double-opt-in';
import { ListForm } from './list-form';

export function ListCreate() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateList();
  const doubleOptIn = useDoubleOptInSupport();
  return (
    <ListForm
      initial={emptyListForm}
      doubleOptIn={doubleOptIn}
      submitLabel={t`Create list`}
      onCancel={() => void navigate('/lists')}
      onSubmit={async (body) => {
        const list = await create.mutateAsync(body);
        const name = list.name;
        notifySuccess(t`List “${name}” created.`);
        await navigate(`/lists/${list.id}`);
      }}
    />
  );
}
