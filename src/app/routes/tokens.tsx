import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { meQuery } from '../../api/shared-queries';
import { PageHeader } from '../../components/page-header';
import { LinesSkeleton } from '../../components/states';
import { TokensScreen } from '../../features/users/components/tokens-screen';

/** `?user=N`: an admin looking at another user's tokens; else one's own. */
export function Component() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const me = useQuery(meQuery());
  const asked = Number(params.get('user'));
  const userId = Number.isSafeInteger(asked) && asked > 0 ? asked : me.data?.id;
  return (
    <>
      <PageHeader
        title={t`API tokens`}
        description={t`For integrations: send the user name with a token as the password (HTTP Basic).`}
      />
      {userId === undefined ? (
        <LinesSkeleton lines={3} />
      ) : (
        // Without /me (another deployment) the form stays and that server decides.
        <TokensScreen userId={userId} own={!me.data || me.data.id === userId} />
      )}
    </>
  );
}
