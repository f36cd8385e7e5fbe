import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { ListGrowthPanel } from '../../features/growth/components/list-growth-panel';
import { HomeScreen } from '../../features/home/components/home-screen';
import { homeQueries } from '../../features/home/queries';
import { prefetch } from '../query-client';

export const loader = () => prefetch(homeQueries.overview());

/** The landing page after sign-in (issue 56): how the audience and the mailings are doing. */
export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Home`}
        description={t`How the audience grows, how the last mailings did, and what is running. Days are UTC.`}
      />
      <HomeScreen growth={(audience) => <ListGrowthPanel lists={audience.lists} />} />
    </>
  );
}
