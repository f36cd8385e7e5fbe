import { ComingSoon } from '../coming-soon';

// Placeholder: the New mailing screen replaces this module.
export function Component() {
  return <ComingSoon title="New mailing" />;
}
