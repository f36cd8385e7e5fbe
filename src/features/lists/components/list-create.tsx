import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { emptyListForm } from '../list-form-values';
import { useCreateList } from '../mutations';
import { useDoubleOptInSupport } from '../use-double-opt-in';
import { ListForm } from './list-form';

export function ListCreate() {
  const navigate = useNavigate();
  const create = useCreateList();
  const doubleOptIn = useDoubleOptInSupport();
  return (
    <ListForm
      initial={emptyListForm}
      doubleOptIn={doubleOptIn}
      submitLabel="Create list"
      onCancel={() => void navigate('/lists')}
      onSubmit={async (body) => {
        const list = await create.mutateAsync(body);
        notifySuccess(`List “${list.name}” created.`);
        await navigate(`/lists/${list.id}`);
      }}
    />
  );
}
