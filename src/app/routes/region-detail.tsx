import { useParams, type LoaderFunctionArgs } from 'react-router';
import { referenceQueries } from '../../api/shared-queries';
import { RegionDetails } from '../../features/regions/components/region-details';
import { prefetch } from '../query-client';

export const loader = ({ params }: LoaderFunctionArgs) =>
  prefetch(referenceQueries.region(params.code ?? ''));

export function Component() {
  const { code = '' } = useParams();
  return <RegionDetails key={code} code={code} />;
}
