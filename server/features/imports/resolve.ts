import {
  fieldsFromHeader,
  looksLikeHeader,
  type HeaderCustomField,
} from '../../../contract/imports.js';
import type { DrfErrors } from '../../lib/http-errors.js';
import { detectLayout } from './csv.js';
import { decodeSample, detectEncoding } from './encoding.js';
import type { ImportParameters } from './form.js';
import type { QueueValues } from './repository.js';
import type { StoredUpload } from './upload.js';

/**
 * Completes the parameters from the first chunk of the stored file: encoding, delimiter
 * and header row when not given, and `fields` from the header when not given. Returns the
 * values to queue, or DRF errors (400).
 */
export function resolveImport(
  params: ImportParameters,
  upload: StoredUpload,
  customFields: readonly HeaderCustomField[],
): { values: QueueValues } | { errors: DrfErrors } {
  if (upload.bytes === 0) return { errors: { file: ['The submitted file is empty.'] } };
  if (params.encoding === 'utf-8' && !upload.utf8)
    return {
      errors: {
        encoding: [
          'The file is not valid utf-8. Leave the encoding out to detect it, or name the right one.',
        ],
      },
    };
  const encoding = params.encoding ?? detectEncoding(upload.firstChunk, upload.utf8);
  const sample = decodeSample(upload.firstChunk, encoding);
  if (upload.chunks === 1 && sample.trim() === '')
    return { errors: { file: ['The submitted file is empty.'] } };

  const layout = detectLayout(sample, upload.chunks === 1, params.delimiter);
  const hasHeader = params.hasHeader ?? looksLikeHeader(layout.firstRow);
  let fields = params.fields;
  if (!fields) {
    if (!hasHeader)
      return {
        errors: {
          fields: [
            params.hasHeader === false
              ? 'This field is required when the file has no header row.'
              : 'This field is required: no header row was found (no first-row cell names the email field).',
          ],
        },
      };
    fields = fieldsFromHeader(layout.firstRow, customFields);
    if (!fields.includes('email'))
      return {
        errors: {
          fields: [
            'No column of the header row names the email field (e.g. "email" or "E-Mail"); send fields.',
          ],
        },
      };
  }
  return {
    values: {
      encoding,
      delimiter: layout.delimiter,
      hasHeader,
      ignoreInvalidFields: params.ignoreInvalidFields,
      dateFormat: params.dateFormat,
      fields,
      onExisting: params.onExisting,
    },
  };
}
