import { ComingSoon } from '../coming-soon';

// Placeholder: the Mailings screen replaces this module.
export function Component() {
  return <ComingSoon title="Mailings" />;
}
