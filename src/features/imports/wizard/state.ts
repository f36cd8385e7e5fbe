import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  DEFAULT_DATE_FORMAT,
  type ImportDelimiter,
  type ImportOnExisting,
  type ImportRecord,
} from '../../../../contract/imports';
import type { CheckReport } from '../check/csv-check';

export const wizardSteps = ['file', 'format', 'columns', 'check', 'import', 'result'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const stepLabels: Record<WizardStep, MessageDescriptor> = {
  file: msg`File`,
  format: msg`Format`,
  columns: msg`Columns`,
  check: msg`Check`,
  import: msg`Import`,
  result: msg`Result`,
};

export type FormatChoice = { encoding: string; delimiter: ImportDelimiter; hasHeader: boolean };

/** The first SAMPLE_BYTES of the file; `complete` when that is the whole file. */
export type Sample = { bytes: Uint8Array; complete: boolean };

export type ColumnMapping = {
  /** One subscriber field per column, '' to ignore it. */
  fields: string[];
  /** What the mapping was made for (list, format, header): another basis means remapping. */
  basis: string;
  /** Whether the person changed it (then it survives a format change keeping the columns). */
  touched: boolean;
};

/**
 * docs/architecture.md §3.8: one status union for the long client job; `basis` names what was checked.
 * The running check's `{done, total}` is in the check runner's own progress store, so a
 * progress message re-renders the progress bar only, not the whole wizard.
 */
export type CheckState =
  | { status: 'idle' }
  | { status: 'parsing'; basis: string }
  | { status: 'running'; basis: string }
  | { status: 'complete'; basis: string; report: CheckReport }
  | { status: 'error'; basis: string; message: string };

export type WizardState = {
  /** Changes with every chosen file, so results of an earlier file are recognised. */
  fileSerial: number;
  file: File | null;
  sample: Sample | null;
  sampleError: string | null;
  detected: FormatChoice | null;
  format: FormatChoice | null;
  mapping: ColumnMapping | null;
  dateFormat: string;
  dateFormatTouched: boolean;
  ignoreInvalidFields: boolean;
  /** What rows whose address the list has do: left alone, or update it (issue 53). */
  onExisting: ImportOnExisting;
  check: CheckState;
  /** The accepted import (201) and the list it went to. */
  upload: { listId: number; record: ImportRecord; basis: string } | null;
};

export const initialWizardState: WizardState = {
  fileSerial: 0,
  file: null,
  sample: null,
  sampleError: null,
  detected: null,
  format: null,
  mapping: null,
  dateFormat: DEFAULT_DATE_FORMAT,
  dateFormatTouched: false,
  ignoreInvalidFields: false,
  onExisting: 'skip',
  check: { status: 'idle' },
  upload: null,
};

export type WizardAction =
  | { type: 'reset' }
  | { type: 'fileChosen'; file: File }
  | { type: 'sampleRead'; fileSerial: number; sample: Sample; detected: FormatChoice }
  | { type: 'sampleFailed'; fileSerial: number; message: string }
  | { type: 'formatChanged'; change: Partial<FormatChoice> }
  | { type: 'mappingMade'; fields: string[]; basis: string; dateFormat?: string }
  | { type: 'columnMapped'; index: number; field: string; dateFormat?: string }
  | { type: 'dateFormatChanged'; dateFormat: string }
  | { type: 'ignoreInvalidFieldsChanged'; value: boolean }
  | { type: 'onExistingChanged'; value: ImportOnExisting }
  | { type: 'check'; check: CheckState }
  | { type: 'uploaded'; listId: number; record: ImportRecord; basis: string };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'reset':
      return { ...initialWizardState, fileSerial: state.fileSerial + 1 };
    case 'fileChosen':
      // Another file: what was detected, mapped and checked belonged to the previous one.
      return {
        ...initialWizardState,
        fileSerial: state.fileSerial + 1,
        file: action.file,
        ignoreInvalidFields: state.ignoreInvalidFields,
      };
    case 'sampleRead':
      if (action.fileSerial !== state.fileSerial) return state;
      return {
        ...state,
        sample: action.sample,
        detected: action.detected,
        format: action.detected,
      };
    case 'sampleFailed':
      if (action.fileSerial !== state.fileSerial) return state;
      return { ...state, sampleError: action.message };
    case 'formatChanged':
      if (!state.format) return state;
      return { ...state, format: { ...state.format, ...action.change } };
    case 'mappingMade': {
      // A mapping the person made survives a format change that keeps the column count.
      const kept =
        state.mapping?.touched && state.mapping.fields.length === action.fields.length
          ? state.mapping.fields
          : null;
      return {
        ...state,
        mapping: { fields: kept ?? action.fields, basis: action.basis, touched: kept !== null },
        ...(action.dateFormat && !state.dateFormatTouched ? { dateFormat: action.dateFormat } : {}),
      };
    }
    case 'columnMapped': {
      if (!state.mapping) return state;
      const fields = [...state.mapping.fields];
      fields[action.index] = action.field;
      return {
        ...state,
        mapping: { ...state.mapping, fields, touched: true },
        ...(action.dateFormat && !state.dateFormatTouched ? { dateFormat: action.dateFormat } : {}),
      };
    }
    case 'dateFormatChanged':
      return { ...state, dateFormat: action.dateFormat, dateFormatTouched: true };
    case 'ignoreInvalidFieldsChanged':
      return { ...state, ignoreInvalidFields: action.value };
    case 'onExistingChanged':
      return { ...state, onExisting: action.value };
    case 'check':
      return { ...state, check: action.check };
    case 'uploaded':
      return {
        ...state,
        upload: { listId: action.listId, record: action.record, basis: action.basis },
      };
  }
}
