import { t } from '@lingui/core/macro';
import { detectEncoding, decodeSample, SAMPLE_BYTES } from '../format/detect-encoding';
import { dispatch, getWizardState } from './store';

/** papaparse (in preview.ts) loads with the first file, not with the screen. */
export const loadPreviewModule = () => import('../format/preview');

/**
 * Reads only the first SAMPLE_BYTES of the file (Blob.slice), so a 100 MB file previews as
 * fast as a small one, and detects its encoding, delimiter and header row.
 */
export async function readSample(file: File) {
  const { fileSerial } = getWizardState();
  try {
    const [bytes, preview] = await Promise.all([
      file
        .slice(0, SAMPLE_BYTES)
        .arrayBuffer()
        .then((b) => new Uint8Array(b)),
      loadPreviewModule(),
    ]);
    const complete = file.size <= SAMPLE_BYTES;
    const encoding = detectEncoding(bytes, complete);
    const layout = preview.detectLayout(decodeSample(bytes, encoding, complete), complete);
    dispatch({
      type: 'sampleRead',
      fileSerial,
      sample: { bytes, complete },
      detected: { encoding, ...layout },
    });
  } catch (error) {
    dispatch({
      type: 'sampleFailed',
      fileSerial,
      message: couldNotRead(error instanceof Error ? error.message : String(error)),
    });
  }
}

const couldNotRead = (reason: string) => t`The file could not be read: ${reason}`;
