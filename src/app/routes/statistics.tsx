import { PageHeader } from '../../components/page-header';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen';
import { statisticsQueries } from '../../features/statistics/queries';
import { prefetch } from '../query-client';

export const loader = () => {
  prefetch(statisticsQueries.lists());
  return null;
};

export function Component() {
  return (
    <>
      <PageHeader
        title="Statistics"
        description="Opens, clicks and bounces over time, per mailing, unique or total. Times are UTC."
      />
      <StatisticsScreen />
    </>
  );
}
