import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileZip, IconFolder, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LAYOUT_INDEX } from '../../../../contract/mailings';
import type { ComposerValues, LayoutMode } from '../draft/composer-values';
import { SendDraftTest } from './send-draft-test';
import { StartFromTemplate } from './template-actions';
import type { LayoutJobPhase } from '../layout/layout-process';
import type { LayoutState } from '../layout/use-layouts';
import { formatBytes } from '../../../lib/format';
import type { List } from '../../../api/lists';
import type { EditorDraft } from '../blocks/use-block-document';
import type { ZipInput } from '../layout/zip-build';
import { layoutMessage } from '../layout/layout-messages';
import { templateLayoutLabel } from '../layout/template-label';
import { InspectorReport } from './inspector-report';
import { LayoutPreview } from './layout-preview';

// Tiptap, dnd-kit and the editor load when a variant first shows Blocks or Markdown, so the
// composer's own chunk stays as light as before.
const BlocksLayout = lazy(() =>
  import('./blocks-layout').then((m) => ({ default: m.BlocksLayout })),
);

const phaseLabels: Record<LayoutJobPhase, MessageDescriptor> = {
  reading: msg`Reading files`,
  zipping: msg`Zipping in your browser`,
  inspecting: msg`Inspecting`,
  encoding: msg`Encoding`,
};

type Props = {
  index: number;
  variantLabel: string;
  language: string;
  list: List | undefined;
  state: LayoutState | undefined;
  onFiles: (files: File[]) => void;
  onEntries: (name: string, entries: ZipInput[], problems: string[]) => void;
  editorDrafts: Map<string, EditorDraft>;
  onOpen: (name: string, data: Uint8Array) => void;
  onRemove: () => void;
};

/**
 * A variant's layout, from one of four sources: the block editor (default), an HTML layout
 * with images (a .zip, a folder, or files), Markdown, or plain text.
 */
export function LayoutField(props: Props) {
  const { index, variantLabel, state, onFiles, onRemove } = props;
  const { t } = useLingui();
  const { control, register, formState, setValue } = useFormContext<ComposerValues>();
  const setMode = (m: LayoutMode) => setValue(`variants.${index}.layout.mode`, m);
  const openTemplate = (name: string, archive: Uint8Array | undefined, text: string) => {
    if (!archive) {
      setValue(`variants.${index}.layout.text`, text);
      return setMode('text');
    }
    // Opened in the block editor; one without blocks switches to its own source.
    props.onOpen(templateLayoutLabel(name), archive);
    setMode('blocks');
  };
  const mode = useWatch({ control, name: `variants.${index}.layout.mode` });
  const errors = formState.errors.variants?.[index]?.layout;
  return (
    <Stack gap="sm">
      <StartFromTemplate listId={props.list?.id} onOpen={openTemplate} />
      <Controller
        control={control}
        name={`variants.${index}.layout.mode`}
        render={({ field }) => (
          <div>
            <Text size="sm" fw={500} id={`layout-mode-${index}`}>
              <Trans>Layout</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby={`layout-mode-${index}`}
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: 'blocks', label: t`Blocks` },
                { value: 'html', label: t`HTML layout` },
                { value: 'markdown', label: t`Markdown` },
                { value: 'text', label: t`Plain text` },
              ]}
            />
          </div>
        )}
      />
      {mode === 'text' ? (
        <Textarea
          label={t`Text`}
          withAsterisk
          autosize
          minRows={6}
          maxRows={20}
          error={errors?.text?.message}
          {...register(`variants.${index}.layout.text`)}
        />
      ) : mode === 'blocks' || mode === 'markdown' ? (
        <Suspense
          fallback={
            <Text c="dimmed">
              <Trans>Loading the editor…</Trans>
            </Text>
          }
        >
          <BlocksLayout
            key={mode}
            mode={mode}
            language={props.language}
            variantLabel={variantLabel}
            state={state}
            defaultAddress={props.list?.default_from_name ?? ''}
            listId={props.list?.id}
            drafts={props.editorDrafts}
            onEntries={props.onEntries}
            onSource={setMode}
          />
        </Suspense>
      ) : (
        <HtmlLayout
          variantLabel={variantLabel}
          state={state}
          onFiles={onFiles}
          onRemove={onRemove}
        />
      )}
      {errors?.message && (
        <Text size="sm" c="red" role="alert">
          {errors.message}
        </Text>
      )}
      <SendDraftTest
        index={index}
        variantLabel={variantLabel}
        listId={props.list?.id}
        state={state}
        mode={mode}
      />
    </Stack>
  );
}

function HtmlLayout({
  variantLabel,
  state,
  onFiles,
  onRemove,
}: Pick<Props, 'variantLabel' | 'state' | 'onFiles' | 'onRemove'>) {
  const { t } = useLingui();
  const openFiles = useRef<() => void>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const running = state?.status === 'running';
  const indexFile = LAYOUT_INDEX;
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => onFiles(files)}
        openRef={openFiles}
        activateOnClick={false}
        loading={running}
        inputProps={{ 'aria-label': t`Layout files` }}
        p="md"
      >
        <Stack gap={4} align="center" style={{ pointerEvents: 'none' }}>
          <IconFileZip size={32} stroke={1.5} aria-hidden />
          <Text size="sm" ta="center">
            <Trans>
              Drop a <b>.zip</b>, a <b>folder</b>, or <b>{indexFile}</b> with its images here.
            </Trans>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            <Trans>
              Folders and files are zipped in your browser, images under images/. Nothing is
              uploaded before you create the mailing.
            </Trans>
          </Text>
        </Stack>
      </Dropzone>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileZip size={14} />}
          onClick={() => openFiles.current?.()}
        >
          <Trans>Choose a .zip or files…</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFolder size={14} />}
          onClick={() => folderInput.current?.click()}
        >
          <Trans>Choose a folder…</Trans>
        </Button>
        <input
          ref={(el) => {
            folderInput.current = el;
            // Not in React's attribute types; lets the picker (and tests) choose a folder.
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          hidden
          aria-label={t`Layout folder`}
          onChange={(e) => {
            onFiles(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = '';
          }}
        />
      </Group>
      <LayoutStatus state={state} variantLabel={variantLabel} onRemove={onRemove} />
    </Stack>
  );
}

function LayoutStatus({
  state,
  variantLabel,
  onRemove,
}: Pick<Props, 'state' | 'variantLabel' | 'onRemove'>) {
  const { t, i18n } = useLingui();
  if (!state) return null;
  switch (state.status) {
    case 'running':
      return (
        <Stack gap={4}>
          <Text size="sm">
            {i18n._(phaseLabels[state.phase])}: {state.label}
          </Text>
          <Progress
            value={state.percent}
            animated
            aria-label={`${i18n._(phaseLabels[state.phase])} ${state.label}`}
          />
        </Stack>
      );
    case 'error':
      return (
        <Alert color="red" title={t`The layout could not be read`} role="alert">
          {layoutMessage(state.message)}
        </Alert>
      );
    case 'lost': {
      const { label } = state;
      const size = formatBytes(state.bytes);
      return (
        <Alert color="yellow" title={t`Add the layout again`} role="alert">
          <Trans>
            “{label}” ({size}) was too large to keep in this tab through the reload. Drop or choose
            it again.
          </Trans>
        </Alert>
      );
    }
    case 'complete': {
      const { layout, kept } = state;
      return (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm">
              <b>{layout.label}</b>
              {layout.zippedHere ? ` — ${t`zipped in your browser`}` : ''}
              {kept ? '' : ` — ${t`too large to keep through a reload of this tab`}`}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onRemove}
            >
              <Trans>Remove layout</Trans>
            </Button>
          </Group>
          <InspectorReport inspection={layout.inspection} label={t`the ${variantLabel} layout`} />
          {layout.previewDocument !== null && (
            <LayoutPreview
              document={layout.previewDocument}
              title={t`Preview of the ${variantLabel} layout`}
            />
          )}
        </Stack>
      );
    }
  }
}
