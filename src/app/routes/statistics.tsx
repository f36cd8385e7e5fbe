import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { GrowthSection } from '../../features/growth/components/growth-section';
import { StatisticsScreen } from '../../features/statistics/components/statistics-screen';
import { prefetch } from '../query-client';
import { listQueries } from '../../api/shared-queries';

// The filter's lists; the charts wait for the URL's view, which the screen reads.
export const loader = () => prefetch(listQueries.everyList());

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Statistics`}
        description={t`Opens, clicks and bounces over time, per mailing, unique or total. Times are UTC.`}
      />
      <StatisticsScreen />
      {/* Issue 56: the analyst's growth and churn of lists over a period. */}
      <GrowthSection />
    </>
  );
}
