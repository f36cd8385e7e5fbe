import { useCallback, useMemo, useRef, useState } from 'react';
import { toBase64 } from '../layout/data-uri';
import type { ZipInput } from '../layout/zip-build';
import type { BlockDocument } from '../../../../contract/block-document';
import { documentImages } from './document';
import { record, redo, startHistory, undo, type History } from './history';

export type ImageFile = { data: Uint8Array; contentType: string };
/** What the composer keeps of an open editor. */
export type EditorDraft = { doc: BlockDocument; images: Map<string, ImageFile> };

/** A file name safe in a zip path and a URL: lowercase letters, digits, dashes. */
function safeName(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = (dot > 0 ? name.slice(dot + 1) : 'png').toLowerCase().replace('jpeg', 'jpg');
  const base =
    (dot > 0 ? name.slice(0, dot) : name)
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'image';
  return `${base}.${['png', 'jpg', 'gif'].includes(ext) ? ext : 'png'}`;
}

/**
 * The block editor's state: the document with undo/redo, and the images its Image blocks
 * show (bytes, kept here until they go into the zip under images/).
 */
export function useBlockDocument(initial: BlockDocument, initialImages: Map<string, ImageFile>) {
  const [history, setHistory] = useState<History<BlockDocument>>(() => startHistory(initial));
  const [images, setImages] = useState(initialImages);
  // Typing in one field makes one undo step, not one per key.
  const lastEdit = useRef<{ key: string; at: number } | undefined>(undefined);

  const change = useCallback((next: (doc: BlockDocument) => BlockDocument, mergeKey?: string) => {
    setHistory((h) => {
      const doc = next(h.present);
      const now = Date.now();
      const merge =
        mergeKey !== undefined &&
        lastEdit.current?.key === mergeKey &&
        now - lastEdit.current.at < 1000;
      lastEdit.current = mergeKey === undefined ? undefined : { key: mergeKey, at: now };
      return merge ? { ...h, present: doc, future: [] } : record(h, doc);
    });
  }, []);

  const addImage = useCallback(
    async (file: File): Promise<string> => {
      const data = new Uint8Array(await file.arrayBuffer());
      const name = safeName(file.name);
      let path = `images/${name}`;
      for (let n = 2; images.has(path); n++) path = `images/${n}-${name}`;
      setImages((current) => new Map(current).set(path, { data, contentType: file.type }));
      return path;
    },
    [images],
  );

  const imageUrls = useMemo(() => {
    const urls = new Map<string, string>();
    images.forEach((f, path) => urls.set(path, `data:${f.contentType};base64,${toBase64(f.data)}`));
    return urls;
  }, [images]);

  /** Replaces the document and images (a template or another layout opened here). */
  const reset = useCallback((doc: BlockDocument, files: Map<string, ImageFile>) => {
    lastEdit.current = undefined;
    setHistory((h) => record(h, doc));
    setImages(files);
  }, []);

  return {
    doc: history.present,
    reset,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    change,
    images,
    addImage,
    imageUrl: (src: string) => imageUrls.get(src),
  };
}

const encoder = new TextEncoder();

/** The zip entries of a rendered document: index.html, index.txt, mailboard.json, its images. */
export function layoutEntries(
  doc: BlockDocument,
  rendered: { html: string; text: string },
  images: ReadonlyMap<string, ImageFile>,
): ZipInput[] {
  const entries: ZipInput[] = [
    { archivePath: 'index.html', data: encoder.encode(rendered.html) },
    { archivePath: 'index.txt', data: encoder.encode(rendered.text) },
    { archivePath: 'mailboard.json', data: encoder.encode(JSON.stringify(doc)) },
  ];
  for (const path of new Set(documentImages(doc))) {
    const image = images.get(path);
    if (image) entries.push({ archivePath: path, data: image.data });
  }
  return entries;
}
