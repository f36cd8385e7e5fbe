import { Badge } from '@mantine/core';
import { stateColors, stateLabel, type SubscriptionState } from '../states';

export function StateBadge({ state }: { state: SubscriptionState }) {
  return (
    <Badge color={stateColors[state]} variant="light" tt="none">
      {stateLabel(state)}
    </Badge>
  );
}
