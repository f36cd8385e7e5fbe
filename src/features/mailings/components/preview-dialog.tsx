import { Box, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SandboxedFrame } from '../../../components/sandboxed-frame';
import { personalisedPreview, sampleValues } from '../blocks/preview-frame';
import { mailingQueries } from '../queries';

const frames = [
  { label: msg`Desktop`, width: 680 },
  { label: msg`Phone, 390 px`, width: 390 },
] as const;

/**
 * The layout at desktop width and at 390 px side by side, light or dark, with a chosen
 * subscriber's data (or sample data) filled in as the sender fills it in.
 */
export function PreviewDialog({
  opened,
  onClose,
  document,
  variantLabel,
  listId,
}: {
  opened: boolean;
  onClose: () => void;
  document: string;
  variantLabel: string;
  listId: number | undefined;
}) {
  const { t, i18n } = useLingui();
  const [scheme, setScheme] = useState<'light' | 'dark'>('light');
  const [subscriberId, setSubscriberId] = useState<string | null>(null);
  const subscribers = useQuery({
    ...mailingQueries.previewSubscribers(listId ?? 0),
    enabled: opened && listId !== undefined,
  });
  const chosen = subscribers.data?.results.find((s) => String(s.id) === subscriberId);
  const shown = personalisedPreview(document, chosen ?? sampleValues, scheme === 'dark');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Preview of the ${variantLabel} layout`}
      size="auto"
    >
      <Stack gap="sm">
        <Group align="flex-end">
          <SegmentedControl
            aria-label={t`Colour scheme`}
            value={scheme}
            onChange={(v) => setScheme(v === 'dark' ? 'dark' : 'light')}
            data={[
              { value: 'light', label: t`Light` },
              { value: 'dark', label: t`Dark` },
            ]}
          />
          <Select
            label={t`Preview as`}
            placeholder={t`Sample data (Alex Sample)`}
            clearable
            searchable
            data={(subscribers.data?.results ?? []).map((s) => ({
              value: String(s.id),
              label: s.email,
            }))}
            value={subscriberId}
            onChange={setSubscriberId}
            w={280}
          />
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          {frames.map((f) => {
            const label = i18n._(f.label);
            return (
              <Box key={f.width}>
                <Text size="xs" fw={600} mb={4}>
                  {label}
                </Text>
                <Box
                  style={{
                    border: '1px solid var(--mantine-color-default-border)',
                    maxWidth: '100%',
                    overflowX: 'auto',
                  }}
                >
                  <SandboxedFrame
                    title={t`${label} preview`}
                    document={shown}
                    style={{ width: f.width, maxWidth: 'none', height: 640 }}
                  />
                </Box>
              </Box>
            );
          })}
        </Group>
      </Stack>
    </Modal>
  );
}
