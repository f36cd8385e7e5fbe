import { ComingSoon } from '../coming-soon';

// Placeholder: the Statistics screen replaces this module.
export function Component() {
  return <ComingSoon title="Statistics" />;
}
