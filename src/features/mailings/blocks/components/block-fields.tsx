import {
  Button,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPhoto } from '@tabler/icons-react';
import type { Block } from '../../../../../contract/block-document';
import { linkProblem } from '../problems';
import { RichTextField } from './rich-text-field';

export type BlockChange = (patch: Record<string, unknown>) => void;

type Props = {
  block: Exclude<Block, { kind: 'columns' }>;
  name: string;
  onChange: BlockChange;
  onImage: (file: File) => Promise<string>;
  imageUrl: (src: string) => string | undefined;
};

export const imageTypes = ['image/png', 'image/jpeg', 'image/gif'];

/** The fields of one block (Columns has its own component). */
export function BlockFields({ block, name, onChange, onImage, imageUrl }: Props) {
  const { t } = useLingui();
  switch (block.kind) {
    case 'heading':
      return (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t`${name} text`}
            value={block.text}
            onChange={(e) => onChange({ text: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 180 }}
          />
          <SegmentedControl
            aria-label={t`${name} level`}
            value={String(block.level)}
            onChange={(v) => onChange({ level: Number(v) })}
            data={[
              { value: '1', label: 'H1' },
              { value: '2', label: 'H2' },
              { value: '3', label: 'H3' },
            ]}
          />
        </Group>
      );
    case 'text':
      return (
        <RichTextField
          label={t`${name} content`}
          html={block.html}
          onChange={(html) => onChange({ html })}
        />
      );
    case 'image': {
      const preview = block.src ? imageUrl(block.src) : undefined;
      return (
        <Stack gap="xs">
          <Group>
            <FileButton accept={imageTypes.join(',')} onChange={(f) => f && void pick(f)}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconPhoto size={14} />}
                  aria-label={t`Choose the image of ${name}`}
                >
                  {block.src ? t`Replace image…` : t`Choose image…`}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c={block.src ? undefined : 'red'}>
              {block.src || t`No image chosen yet.`}
            </Text>
          </Group>
          {preview && (
            <img
              src={preview}
              alt=""
              style={{ maxWidth: 200, maxHeight: 120, objectFit: 'contain' }}
            />
          )}
          <TextInput
            label={t`${name} alt text`}
            description={t`Read aloud by screen readers and shown when images are blocked.`}
            withAsterisk
            value={block.alt}
            error={block.alt.trim() === '' ? t`Describe the image.` : undefined}
            onChange={(e) => onChange({ alt: e.currentTarget.value })}
          />
          <TextInput
            label={t`${name} link`}
            placeholder={t`https://… (optional)`}
            value={block.href}
            onChange={(e) => onChange({ href: e.currentTarget.value })}
          />
        </Stack>
      );
      async function pick(file: File) {
        onChange({ src: await onImage(file) });
      }
    }
    case 'button':
      return (
        <Group grow wrap="wrap">
          <TextInput
            label={t`${name} label`}
            value={block.label}
            error={block.label.trim() === '' ? t`Write the label.` : undefined}
            onChange={(e) => onChange({ label: e.currentTarget.value })}
          />
          <TextInput
            label={t`${name} link`}
            value={block.href}
            error={linkProblem(block.href)}
            onChange={(e) => onChange({ href: e.currentTarget.value })}
          />
        </Group>
      );
    case 'divider':
      return (
        <Text size="sm" c="dimmed">
          {t`A thin line across the content.`}
        </Text>
      );
    case 'spacer':
      return (
        <NumberInput
          label={t`${name} height (px)`}
          min={4}
          max={200}
          value={block.height}
          onChange={(v) =>
            typeof v === 'number' && onChange({ height: Math.min(200, Math.max(4, v)) })
          }
          maw={200}
        />
      );
    case 'footer':
      return (
        <Stack gap="xs">
          <Textarea
            label={t`Sender address`}
            description={t`Your postal address: many laws require it in marketing email.`}
            autosize
            minRows={2}
            value={block.address}
            onChange={(e) => onChange({ address: e.currentTarget.value })}
          />
          <TextInput
            label={t`Unsubscribe link text`}
            description={t`The link to each recipient’s own unsubscribe page is added when sending.`}
            value={block.unsubscribeLabel}
            onChange={(e) => onChange({ unsubscribeLabel: e.currentTarget.value || 'Unsubscribe' })}
          />
        </Stack>
      );
  }
}
