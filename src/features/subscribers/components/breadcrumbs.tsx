import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { useSubscribersList } from '../list-context';

/** Lists / <list> / Subscribers / [<subscriber>] / — above a subscriber screen's title. */
export function SubscriberBreadcrumbs({
  subscriber,
}: {
  subscriber?: { id: number; email: string };
}) {
  const { t } = useLingui();
  const { list } = useSubscribersList();
  const base = `/lists/${list.id}/subscribers`;
  return (
    <Breadcrumbs
      items={[
        { label: t`Lists`, to: '/lists' },
        { label: list.name, to: `/lists/${list.id}` },
        { label: t`Subscribers`, to: base },
        ...(subscriber ? [{ label: subscriber.email, to: `${base}/${subscriber.id}` }] : []),
      ]}
    />
  );
}
