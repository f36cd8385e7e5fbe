import { ComingSoon } from '../coming-soon';

// Placeholder: the Subscribers screen replaces this module.
export function Component() {
  return <ComingSoon title="Subscribers" />;
}
