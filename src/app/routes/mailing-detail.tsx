import { ComingSoon } from '../coming-soon';

// Placeholder: the Mailing screen replaces this module.
export function Component() {
  return <ComingSoon title="Mailing" />;
}
