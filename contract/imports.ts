import { z } from 'zod';
import { datetime } from './common.js';
import { importUndo } from './import-undo.js';

/**
 * CSV imports of subscribers into a list (spec: Imports; docs/decisions/api-choices.md "Imports").
 * `POST /lists/{list_id}/imports` takes multipart/form-data with the parameters below and
 * answers 201 with the Import record; processing runs afterwards as a database job whose
 * outcome (our extension) is read with `GET /lists/{list_id}/imports[/{id}]`.
 */

/** Largest accepted upload (docs/decisions/api-choices.md); larger files are refused with 413. */
export const IMPORT_MAX_FILE_BYTES = 200 * 1024 * 1024;
/** How many row errors an Import keeps; every invalid row is still counted in `invalid`. */
export const IMPORT_MAX_ERRORS = 100;
export const DEFAULT_DATE_FORMAT = '%Y-%m-%d';

/** Column delimiters the service accepts and detects. */
export const importDelimiters = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof importDelimiters)[number];

/** Encodings offered in forms, as WHATWG labels; the server accepts any WHATWG label. */
export const commonImportEncodings = [
  'utf-8',
  'windows-1252',
  'iso-8859-15',
  'iso-8859-2',
  'utf-16le',
  'utf-16be',
  'macintosh',
  'shift_jis',
] as const;

/**
 * The form parameters other than the file; absent members are detected (encoding,
 * delimiter, has_header) or defaulted (ignore_invalid_fields false, date_format %Y-%m-%d).
 * `fields` maps columns in order to subscriber field names (custom fields included); an
 * empty element ignores its column. Without `fields` the file needs a header row.
 */
export type ImportParams = {
  encoding?: string;
  delimiter?: ImportDelimiter;
  has_header?: boolean;
  ignore_invalid_fields?: boolean;
  date_format?: string;
  fields?: readonly string[];
  /** Our extension (issue 53): what a row whose address the list already has does. */
  on_existing?: ImportOnExisting;
};

/**
 * `skip` (the default, the seed's behaviour) leaves an existing subscriber alone; `update`
 * writes the row's mapped columns (names, custom fields, language, …) over theirs, never
 * the address or the subscription state.
 */
export const importOnExisting = ['skip', 'update'] as const;
export type ImportOnExisting = (typeof importOnExisting)[number];

/**
 * The form fields to append after `file`, in order: `fields` as one JSON array (so empty
 * elements survive); booleans as `true`/`false`.
 */
export function importFormEntries(params: ImportParams): [string, string][] {
  const entries: [string, string][] = [];
  if (params.encoding) entries.push(['encoding', params.encoding]);
  if (params.delimiter) entries.push(['delimiter', params.delimiter]);
  if (params.has_header !== undefined) entries.push(['has_header', String(params.has_header)]);
  if (params.ignore_invalid_fields !== undefined)
    entries.push(['ignore_invalid_fields', String(params.ignore_invalid_fields)]);
  if (params.date_format) entries.push(['date_format', params.date_format]);
  if (params.fields) entries.push(['fields', JSON.stringify(params.fields)]);
  if (params.on_existing) entries.push(['on_existing', params.on_existing]);
  return entries;
}

export const importStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const importStatus = z.enum(importStatuses);
export type ImportStatus = z.infer<typeof importStatus>;

/**
 * One problem found in the file. `row` is the record's number in the file counting the
 * header row, so it matches the row number a spreadsheet shows; 0 means the whole file
 * (why a `failed` import stopped). `field` is the subscriber field, or `email` when the row
 * has no usable address.
 */
export const importRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/**
 * The Import record: the spec's members, then our read-only extension members (optional,
 * since other deployments lack them). Counts add up to `total_rows` once `status` is
 * `done`; while the job runs they grow batch by batch and `total_rows` is null.
 * `skipped_existing`: the email was already in the list (any state; never re-subscribed);
 * `skipped_duplicate`: an earlier row of the same file had it (the first one counts).
 */
export const importRecord = z.looseObject({
  id: z.number().int(),
  file: z.string(),
  encoding: z.string(),
  delimiter: z.string(),
  has_header: z.boolean(),
  ignore_invalid_fields: z.boolean(),
  date_format: z.string(),
  fields: z.array(z.string()),
  status: importStatus.optional(),
  total_rows: z.number().int().nullable().optional(),
  created: z.number().int().optional(),
  skipped_existing: z.number().int().optional(),
  skipped_duplicate: z.number().int().optional(),
  invalid: z.number().int().optional(),
  errors: z.array(importRowError).optional(),
  create_datetime: datetime.optional(),
  on_existing: z.enum(importOnExisting).optional(),
  /** Existing subscribers an `update` import changed (the rest count as `skipped_existing`). */
  updated: z.number().int().optional(),
  /** Null until an undo is asked for. */
  undo: importUndo.nullable().optional(),
});
export type ImportRecord = z.infer<typeof importRecord>;

export const isImportFinished = (status: ImportStatus | undefined) =>
  status === 'done' || status === 'failed';

// Header rows: which subscriber field a column header names.

/** The built-in subscriber fields an import can fill. */
export const importableSubscriberFields = [
  'email',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'language',
  'region',
] as const;
export type ImportableSubscriberField = (typeof importableSubscriberFields)[number];

/**
 * A header cell reduced for comparison: lowercase, accents and everything but letters and
 * digits removed (`E-Mail` → `email`, `Prénom` → `prenom`, `first_name` → `firstname`).
 */
export const normalizeHeader = (cell: string) =>
  cell
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Common header names (English, German, French, Italian, Spanish) of the built-in fields. */
const synonyms: Record<ImportableSubscriberField, string[]> = {
  email: [
    'email',
    'e-mail',
    'email address',
    'e-mail address',
    'emailaddress',
    'mail',
    'mail address',
    'e-mail-adresse',
    'email-adresse',
    'mailadresse',
    'courriel',
    'adresse e-mail',
    'adresse email',
    'adresse mail',
    'indirizzo email',
    'indirizzo e-mail',
    'posta elettronica',
    'correo',
    'correo electronico',
  ],
  first_name: [
    'first name',
    'firstname',
    'first',
    'given name',
    'forename',
    'vorname',
    'prenom',
    'nome',
    'nombre',
  ],
  last_name: [
    'last name',
    'lastname',
    'last',
    'surname',
    'family name',
    'nachname',
    'familienname',
    'nom',
    'nom de famille',
    'cognome',
    'apellido',
    'apellidos',
  ],
  gender: ['gender', 'sex', 'geschlecht', 'genre', 'sexe', 'sesso', 'genero', 'sexo'],
  date_of_birth: [
    'date of birth',
    'birth date',
    'birthdate',
    'birthday',
    'dob',
    'geburtsdatum',
    'geburtstag',
    'date de naissance',
    'data di nascita',
    'fecha de nacimiento',
  ],
  language: ['language', 'lang', 'sprache', 'langue', 'lingua', 'idioma'],
  region: ['region', 'country', 'country code', 'land', 'pays', 'paese', 'pais'],
};

/** Normalized header → built-in field, including each field's own name (`first_name`). */
export const headerSynonyms: ReadonlyMap<string, ImportableSubscriberField> = new Map(
  importableSubscriberFields.flatMap((field) =>
    [field, ...synonyms[field]].map((name) => [normalizeHeader(name), field] as const),
  ),
);

/** A custom field as far as header matching needs it. */
export type HeaderCustomField = { name: string; label?: string };

/**
 * The field a header cell names: a custom field by name or label first (they are the list's
 * own vocabulary), then a built-in field or one of its synonyms; undefined when none.
 */
export function fieldForHeader(
  cell: string,
  customFields: readonly HeaderCustomField[] = [],
): string | undefined {
  const key = normalizeHeader(cell);
  if (!key) return undefined;
  const custom = customFields.find(
    (f) => normalizeHeader(f.name) === key || (f.label && normalizeHeader(f.label) === key),
  );
  return custom?.name ?? headerSynonyms.get(key);
}

/**
 * The `fields` mapping a header row implies: one element per column, `''` for a column
 * that names no field or a field an earlier column already took.
 */
export function fieldsFromHeader(
  cells: readonly string[],
  customFields: readonly HeaderCustomField[] = [],
): string[] {
  const taken = new Set<string>();
  return cells.map((cell) => {
    const field = fieldForHeader(cell, customFields);
    if (!field || taken.has(field)) return '';
    taken.add(field);
    return field;
  });
}

/** Whether a row looks like a header: one of its cells names the email field. */
export const looksLikeHeader = (cells: readonly string[]) =>
  cells.some((cell) => headerSynonyms.get(normalizeHeader(cell)) === 'email');

// strptime date formats (`date_format`).

/**
 * The strptime directives accepted in `date_format` (those d3-time-format parses, with its
 * `-`, `_` and `0` padding modifiers); `%%` is a literal percent sign.
 */
export const dateFormatDirectives = 'aAbBcdefgGHIjLmMpqQsSuUVwWxXyYZ%';

/** Why a `date_format` is unusable, or null when it is fine. */
export function dateFormatProblem(format: string): string | null {
  if (!format.trim()) return 'This field may not be blank.';
  let directives = 0;
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    let directive = format[++i];
    if (directive === '-' || directive === '_' || directive === '0') directive = format[++i];
    if (directive === undefined) return 'The format ends with a lone "%".';
    if (!dateFormatDirectives.includes(directive))
      return `Unknown directive "%${directive}". Use strptime directives such as %d, %m, %Y.`;
    if (directive !== '%') directives++;
  }
  return directives === 0 ? 'The format has no directive; use e.g. %d.%m.%Y.' : null;
}
