import {
  ActionIcon,
  Anchor,
  Card,
  Group,
  Stack,
  Text,
  Timeline,
  type ComboboxItem,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useFormContext, useWatch, type UseFieldArrayReturn } from 'react-hook-form';
import { Link } from '../../../components/link';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Automation } from '../../../api/automations';
import type { StepStats } from '../../../../contract/automations';
import type { AutomationForm } from '../form-model';
import { STEP_LABELS, StepEditor } from './step-editor';
import { StepStatsLine } from './step-stats';

type StepListProps = {
  steps: UseFieldArrayReturn<AutomationForm, 'steps'>;
  listId: number;
  automation?: Automation;
  canManage: boolean;
  mailingOptions: ComboboxItem[];
  segmentOptions: ComboboxItem[];
};

/**
 * The steps as a vertical flow (waits, sends linking to their mailing, conditions with their
 * branch), each with its controls to move or remove it and its counts when it exists.
 */
export function StepList({
  steps,
  listId,
  automation,
  canManage,
  mailingOptions,
  segmentOptions,
}: StepListProps) {
  const { t, i18n } = useLingui();
  const { control } = useFormContext<AutomationForm>();
  const watchedSteps = useWatch({ control, name: 'steps' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const statsOf = new Map<number, StepStats>((automation?.steps ?? []).map((s) => [s.id, s.stats]));
  return (
    <>
      <Timeline bulletSize={22} lineWidth={2}>
        {steps.fields.map((item, i) => {
          const step = watchedSteps[i] ?? item;
          const earlierSendSteps = watchedSteps
            .map((s, k) => ({ s, k }))
            .filter(({ s, k }) => s.type === 'send' && k < i)
            .map(({ k }) => k);
          const stats = item.stepId === undefined ? undefined : statsOf.get(item.stepId);
          const number = i + 1;
          const label = t`Step ${number}`;
          const kind = i18n._(STEP_LABELS[step.type]);
          return (
            <Timeline.Item key={item.id} title={t`${label}: ${kind}`}>
              <Card withBorder component="section" aria-label={label} mt={4}>
                <Stack gap="xs">
                  <Group align="flex-end" wrap="wrap" gap="xs">
                    <StepEditor
                      index={i}
                      label={label}
                      step={step}
                      earlierSendSteps={earlierSendSteps}
                      timeZone={timeZone}
                      canManage={canManage}
                      mailingOptions={mailingOptions}
                      segmentOptions={segmentOptions}
                    />
                    {canManage && (
                      <Group gap={4}>
                        <ActionIcon
                          variant="default"
                          aria-label={t`Move step ${number} up`}
                          disabled={i === 0}
                          onClick={() => steps.move(i, i - 1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          aria-label={t`Move step ${number} down`}
                          disabled={i === steps.fields.length - 1}
                          onClick={() => steps.move(i, i + 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          color="red"
                          aria-label={t`Remove step ${number}`}
                          onClick={() => steps.remove(i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                  {step.type === 'send' && step.mailing && (
                    <Group gap="md">
                      <Anchor component={Link} to={`/mailings/${step.mailing}`} size="sm">
                        <Trans>Open the mailing</Trans>
                      </Anchor>
                      {automation && item.stepId !== undefined && (
                        <Anchor
                          component={Link}
                          to={`/statistics?list=${listId}&automation=${automation.id}&step=${item.stepId}`}
                          size="sm"
                          aria-label={t`Statistics of step ${number}`}
                        >
                          <Trans>Statistics of this step</Trans>
                        </Anchor>
                      )}
                    </Group>
                  )}
                  {stats && <StepStatsLine stats={stats} kind={step.type} />}
                </Stack>
              </Card>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {steps.fields.length === 0 && (
        <Text c="dimmed">
          <Trans>No steps yet.</Trans>
        </Text>
      )}
    </>
  );
}
