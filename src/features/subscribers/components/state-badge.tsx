import { Badge } from '@mantine/core';
import { stateColors, stateLabels, type SubscriptionState } from '../states';

export function StateBadge({ state }: { state: SubscriptionState }) {
  return (
    <Badge color={stateColors[state]} variant="light" tt="none">
      {stateLabels[state]}
    </Badge>
  );
}
