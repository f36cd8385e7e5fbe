import { erasureResult, type ErasureRequest } from '../../contract/person-data';
import { extension, request, requestParsed } from './client';

/** A person's data (extension, issue 53). */
const PERSON_DATA_EXTENSION = 'person-data';
const personPath = (email: string) => `/people/${encodeURIComponent(email)}`;

/** The zip of person.json and person.html; `{supported: false}` where the API has none. */
export const exportPerson = (email: string) =>
  extension(PERSON_DATA_EXTENSION, () =>
    request<Blob>(`${personPath(email)}/export`, { responseType: 'blob', timeoutMs: 120_000 }),
  );

/** Erases the person from every list, for good. */
export const erasePerson = (email: string, body: ErasureRequest) =>
  requestParsed(erasureResult, `${personPath(email)}/erase`, { method: 'POST', body });
