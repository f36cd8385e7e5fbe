import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { ComposerValues } from '../draft/composer-values';
import { formatUtc, isPast, localTimeZone, parseLocalDateTime } from '../local-time';

/** Scheduled deliveries of one variant, entered in local time, shown with the UTC sent. */
export function DeliveriesField({ index }: { index: number }) {
  const { control, register, formState } = useFormContext<ComposerValues>();
  const name = `variants.${index}.deliveries` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const values = useWatch({ control, name });
  const errors = formState.errors.variants?.[index]?.deliveries;
  const zone = localTimeZone();
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Deliveries
        </Text>
        <Text size="xs" c="dimmed">
          Entered in your local time ({zone}); the service receives UTC.
          {fields.length === 0 && ' None yet: the mailing is created without a schedule.'}
        </Text>
      </div>
      {fields.map((field, i) => {
        const parsed = parseLocalDateTime(values?.[i]?.local ?? '');
        return (
          <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              type="datetime-local"
              label={`Delivery ${i + 1} (local time)`}
              error={errors?.[i]?.local?.message}
              {...register(`${name}.${i}.local`)}
              w={240}
            />
            <Stack gap={2} pt={28}>
              {parsed.date ? (
                <Text size="sm" aria-label={`Delivery ${i + 1} in UTC`}>
                  Sent as {formatUtc(parsed.date)}
                </Text>
              ) : null}
              {parsed.date && isPast(parsed.date) && (
                <Badge color="orange" variant="light">
                  In the past
                </Badge>
              )}
              {parsed.shiftedTo && (
                <Text size="xs" c="orange">
                  This time does not exist here (clock change); it becomes{' '}
                  {parsed.shiftedTo.replace('T', ' ')}.
                </Text>
              )}
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove delivery ${i + 1}`}
              onClick={() => remove(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ local: '' }, { shouldFocus: true })}
        >
          Add delivery
        </Button>
      </Group>
    </Stack>
  );
}
