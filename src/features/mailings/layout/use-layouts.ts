import { useCallback, useEffect, useRef, useState } from 'react';
import { fromZipDataUri } from './data-uri';
import type { EditorDraft } from '../blocks/use-block-document';
import { prepareLayout } from './layout-job';
import type { ZipInput } from './zip-build';
import type { LayoutJobPhase, LayoutJobRequest, PreparedLayout } from './layout-process';
import {
  loadLayoutArchive,
  removeLayoutArchive,
  saveLayoutArchive,
  type StoredLayoutRef,
} from '../draft/draft-storage';

/** One variant's HTML layout (docs/architecture.md §3.8: one status union for a long client job). */
export type LayoutState =
  | { status: 'running'; label: string; phase: LayoutJobPhase; percent: number }
  | { status: 'complete'; layout: PreparedLayout; kept: boolean }
  | { status: 'error'; label: string; message: string }
  /** Named in a reloaded draft, but too large to have been kept: add it again. */
  | { status: 'lost'; label: string; bytes: number };

export type LayoutStates = Record<string, LayoutState>;

/** The path a chosen or dropped file had: folder drops and folder inputs keep folders. */
export function sourcePath(file: File): string {
  const withPath = file as File & { relativePath?: string; path?: string };
  return withPath.relativePath || file.webkitRelativePath || withPath.path || file.name;
}

/**
 * The HTML layouts of the composer's variants, keyed by language: prepared in the zip
 * worker, kept in the draft when small enough, restored from it after a reload.
 */
export function useLayouts(stored: Record<string, StoredLayoutRef>) {
  // Layouts a reloaded draft names but could not keep: the user adds them again.
  const [states, setStates] = useState<LayoutStates>(() => lostLayouts(stored));
  const jobs = useRef(new Map<string, AbortController>());
  // The block editor's latest document per language, so a tab switch mid-render loses nothing.
  const [editorDrafts] = useState(() => new Map<string, EditorDraft>());

  const run = useCallback((language: string, label: string, request: LayoutJobRequest) => {
    jobs.current.get(language)?.abort();
    const controller = new AbortController();
    jobs.current.set(language, controller);
    const set = (state: LayoutState | undefined) => {
      if (controller.signal.aborted) return;
      setStates((current) =>
        state ? { ...current, [language]: state } : without(current, language),
      );
    };
    set({ status: 'running', label, phase: 'reading', percent: 0 });
    prepareLayout(request, {
      signal: controller.signal,
      onProgress: ({ phase, percent }) => set({ status: 'running', label, phase, percent }),
    }).then(
      (layout) => {
        if (controller.signal.aborted) return;
        const kept = saveLayoutArchive(language, layout.dataUri);
        set({ status: 'complete', layout, kept });
        jobs.current.delete(language);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        set({ status: 'error', label, message: `The layout could not be read: ${message}` });
        jobs.current.delete(language);
      },
    );
  }, []);

  const start = useCallback(
    (language: string, files: File[]) => {
      if (files.length === 0) return;
      removeLayoutArchive(language);
      const request: LayoutJobRequest = {
        kind: 'files',
        files: files.map((file) => ({ path: sourcePath(file), file })),
      };
      run(language, files.length === 1 ? files[0]!.name : `${files.length} files`, request);
    },
    [run],
  );

  /** A layout made in the dashboard (blocks, Markdown): zipped and inspected like any other. */
  const startEntries = useCallback(
    (language: string, name: string, entries: ZipInput[], problems: string[]) => {
      removeLayoutArchive(language);
      run(language, name, { kind: 'entries', name, entries, problems });
    },
    [run],
  );

  /** Opens a stored archive (a template) as the variant's layout. */
  const open = useCallback(
    (language: string, name: string, data: Uint8Array) => {
      editorDrafts.delete(language);
      removeLayoutArchive(language);
      run(language, name, { kind: 'archive', name, data });
    },
    [run, editorDrafts],
  );

  const remove = useCallback(
    (language: string) => {
      editorDrafts.delete(language);
      jobs.current.get(language)?.abort();
      jobs.current.delete(language);
      removeLayoutArchive(language);
      setStates((current) => without(current, language));
    },
    [editorDrafts],
  );

  const clear = useCallback(() => {
    editorDrafts.clear();
    jobs.current.forEach((c) => c.abort());
    jobs.current.clear();
    setStates({});
  }, [editorDrafts]);

  // A reloaded draft: inspect the kept archives again.
  const restored = useRef(stored);
  useEffect(() => {
    for (const [language, ref] of Object.entries(restored.current)) {
      const archive = keptArchive(language, ref);
      if (archive) run(language, ref.label, { kind: 'archive', name: ref.label, data: archive });
    }
    const running = jobs.current;
    return () => running.forEach((c) => c.abort());
  }, [run]);

  return { states, start, startEntries, open, remove, clear, editorDrafts };
}

function without(states: LayoutStates, language: string): LayoutStates {
  const { [language]: _removed, ...rest } = states;
  return rest;
}

const keptArchive = (language: string, ref: StoredLayoutRef) =>
  ref.kept ? fromZipDataUri(loadLayoutArchive(language) ?? '') : undefined;

function lostLayouts(stored: Record<string, StoredLayoutRef>): LayoutStates {
  const lost: LayoutStates = {};
  for (const [language, ref] of Object.entries(stored)) {
    if (!keptArchive(language, ref))
      lost[language] = { status: 'lost', label: ref.label, bytes: ref.bytes };
  }
  return lost;
}

/** What the draft remembers of each layout. */
export function layoutRefs(states: LayoutStates): Record<string, StoredLayoutRef> {
  const refs: Record<string, StoredLayoutRef> = {};
  for (const [language, state] of Object.entries(states)) {
    if (state.status === 'complete')
      refs[language] = {
        label: state.layout.label,
        kept: state.kept,
        bytes: state.layout.archive.length,
      };
    else if (state.status === 'lost')
      refs[language] = { label: state.label, kept: false, bytes: state.bytes };
    // A kept archive being inspected again after a reload stays in the draft meanwhile.
    else if (state.status === 'running' && loadLayoutArchive(language))
      refs[language] = { label: state.label, kept: true, bytes: 0 };
  }
  return refs;
}
