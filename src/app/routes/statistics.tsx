import { PageHeader } from '../../components/page-header';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen';
import { statisticsQueries } from '../../features/statistics/queries';
import { prefetch } from '../query-client';

// The filter's lists; the charts wait for the URL's view, which the screen reads.
export const loader = () => prefetch(statisticsQueries.lists());

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
