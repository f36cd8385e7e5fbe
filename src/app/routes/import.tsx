import { ComingSoon } from '../coming-soon';

// Placeholder: the Import subscribers screen replaces this module.
export function Component() {
  return <ComingSoon title="Import subscribers" />;
}
