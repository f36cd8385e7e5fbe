import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SandboxedFrame } from '../../../components/sandboxed-frame';

const widths = { desktop: 800, mobile: 375 } as const;
type Width = keyof typeof widths;

/**
 * A layout in an iframe with `sandbox=""` (no scripts, no same-origin, no forms, no popups);
 * `document` carries its own CSP meta (preview-document.ts). Desktop and mobile widths.
 */
export function LayoutPreview({ document, title }: { document: string; title: string }) {
  const { t } = useLingui();
  const [width, setWidth] = useState<Width>('desktop');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          <Trans>Preview</Trans>
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t`Preview width of ${title}`}
          value={width}
          onChange={(v) => setWidth(v as Width)}
          data={[
            { value: 'desktop', label: t`Desktop` },
            { value: 'mobile', label: t`Mobile` },
          ]}
        />
      </Group>
      <Box
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-1)',
          overflowX: 'auto',
        }}
        p="xs"
      >
        <SandboxedFrame
          title={title}
          document={document}
          style={{
            margin: '0 auto',
            width: widths[width],
            maxWidth: width === 'desktop' ? '100%' : undefined,
            height: 640,
          }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        <Trans>
          Scripts never run here and nothing is loaded from the web; external images and fonts
          appear only in the sent email.
        </Trans>
      </Text>
    </Stack>
  );
}
