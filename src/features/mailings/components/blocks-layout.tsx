import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { layoutMessage } from '../layout/layout-messages';
import { isTemplateLayoutLabel } from '../layout/template-label';
import { t as translate } from '@lingui/core/macro';
import type { BlockDocument } from '../../../../contract/block-document';
import { newDocument, newMarkdownDocument, parseBlockDocument } from '../blocks/document';
import { documentProblems } from '../blocks/problems';
import { renderBlocks } from '../blocks/render-job';
import {
  layoutEntries,
  useBlockDocument,
  type EditorDraft,
  type ImageFile,
} from '../blocks/use-block-document';
import { BlockEditor, BlockList } from '../blocks/components/block-editor';
import type { ZipInput } from '../layout/zip-build';
import type { LayoutState } from '../layout/use-layouts';
import { PreviewDialog } from './preview-dialog';
import { SaveAsTemplate } from './template-actions';

export type LayoutEntriesHandler = (
  language: string,
  name: string,
  entries: ZipInput[],
  problems: string[],
) => void;

type Mode = 'blocks' | 'markdown';

type Props = {
  mode: Mode;
  language: string;
  variantLabel: string;
  state: LayoutState | undefined;
  defaultAddress: string;
  listId: number | undefined;
  drafts: Map<string, EditorDraft>;
  onEntries: (name: string, entries: ZipInput[], problems: string[]) => void;
  /** A template that is not of this source asks for its own (HTML layout, Markdown). */
  onSource: (mode: 'html' | 'markdown' | 'blocks') => void;
};

const fits = (doc: BlockDocument, mode: Mode) =>
  (doc.markdown !== undefined) === (mode === 'markdown');

/** Where the editor starts: its own draft, the layout it made (reloaded, duplicated), or a new one. */
function startingPoint(props: Props): EditorDraft & { rendered?: string } {
  const draft = props.drafts.get(props.language);
  if (draft && fits(draft.doc, props.mode)) return draft;
  const { state } = props;
  if (state?.status === 'complete' && state.layout.document) {
    const doc = parseBlockDocument(state.layout.document);
    if (doc && fits(doc, props.mode)) {
      const images = new Map<string, ImageFile>(
        state.layout.images.map((i) => [i.path, { data: i.data, contentType: i.contentType }]),
      );
      // Our own render has exactly this text; a template's stand-in HTML is rendered again.
      return { doc, images, rendered: state.layout.document ?? undefined };
    }
  }
  const doc =
    props.mode === 'markdown'
      ? newMarkdownDocument(props.defaultAddress)
      : newDocument(props.defaultAddress);
  return { doc, images: new Map() };
}

/**
 * A layout written in the dashboard: blocks or Markdown. Every change is rendered in the
 * render worker (MJML) and zipped with its images, its plain text and its block document,
 * then inspected like an uploaded zip, so sending treats it like any HTML layout.
 */
export function BlocksLayout(props: Props) {
  const { mode, language, variantLabel, state, drafts } = props;
  const { t } = useLingui();
  const tag = '{{ first_name }}';
  const [start] = useState(() => startingPoint(props));
  const editor = useBlockDocument(start.doc, start.images);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const sent = useRef(start.rendered);
  // The document whose render is in the form, as state so that "Rendering…" follows it.
  const [settled, setSettled] = useState(start.rendered);
  const onEntries = useRef(props.onEntries);
  const onSource = useRef(props.onSource);
  useEffect(() => {
    onEntries.current = props.onEntries;
    onSource.current = props.onSource;
  });

  const { doc, images } = editor;
  const json = useMemo(() => JSON.stringify(doc), [doc]);
  useEffect(() => {
    drafts.set(language, { doc, images });
    if (json === sent.current) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      renderBlocks(doc, '').then(
        (rendered) => {
          if (cancelled) return;
          sent.current = json;
          setSettled(json);
          setRenderError(null);
          onEntries.current(
            mode === 'markdown' ? translate`Markdown` : translate`Blocks`,
            layoutEntries(doc, rendered, images),
            documentProblems(doc),
          );
        },
        (error: unknown) => {
          if (!cancelled) setRenderError(error instanceof Error ? error.message : String(error));
        },
      );
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [doc, json, images, drafts, language, mode]);

  // A layout that did not come from this editor (a template, a duplicated mailing) opens here.
  const external = state?.status === 'complete' ? state.layout : undefined;
  const { reset } = editor;
  useEffect(() => {
    if (!external || external.document === sent.current) return;
    const opened = external.document ? parseBlockDocument(external.document) : undefined;
    if (!opened || !fits(opened, mode)) {
      if (isTemplateLayoutLabel(external.label))
        onSource.current(!opened ? 'html' : opened.markdown === undefined ? 'blocks' : 'markdown');
      return;
    }
    sent.current = external.document ?? undefined;
    setSettled(sent.current);
    reset(
      opened,
      new Map(external.images.map((i) => [i.path, { data: i.data, contentType: i.contentType }])),
    );
  }, [external, mode, reset]);

  const layout = external;
  const problems = layout?.inspection.problems ?? [];
  const footer = doc.blocks.filter((b) => b.kind === 'footer');
  return (
    <Stack gap="sm">
      {mode === 'blocks' ? (
        <BlockEditor editor={editor} variantLabel={variantLabel} />
      ) : (
        <>
          <Textarea
            label={t`Markdown`}
            description={t`Headings (#), **bold**, *italic*, [links](https://…), lists; personalisation tags such as ${tag}.`}
            autosize
            minRows={8}
            maxRows={30}
            value={doc.markdown ?? ''}
            onChange={(e) => {
              const markdown = e.currentTarget.value;
              editor.change((d) => ({ ...d, markdown }), 'markdown');
            }}
          />
          <BlockList blocks={footer} editor={editor} draggable={false} />
        </>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          disabled={!layout?.previewDocument}
          onClick={() => setPreviewing(true)}
        >
          <Trans>Preview</Trans>
        </Button>
        <SaveAsTemplate layout={layout} listId={props.listId} />
        {/* From the first keystroke: an edit waits 250 ms before it is rendered. */}
        {(state?.status === 'running' || (json !== settled && !renderError)) && (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              <Trans>Rendering…</Trans>
            </Text>
          </Group>
        )}
      </Group>
      {renderError && (
        <Alert color="red" title={t`The layout could not be rendered`} role="alert">
          {layoutMessage(renderError)}
        </Alert>
      )}
      {state?.status === 'error' && (
        <Alert color="red" title={t`The layout could not be prepared`} role="alert">
          {layoutMessage(state.message)}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="yellow" title={t`Before this layout can be sent`} role="status">
          <Stack gap={2}>
            {problems.map((p) => (
              <div key={p}>{layoutMessage(p)}</div>
            ))}
          </Stack>
        </Alert>
      )}
      {layout?.previewDocument && (
        <PreviewDialog
          opened={previewing}
          onClose={() => setPreviewing(false)}
          document={layout.previewDocument}
          variantLabel={variantLabel}
          listId={props.listId}
        />
      )}
    </Stack>
  );
}
