import { envelope } from '../../contract/common';
import { form, type FormWrite } from '../../contract/forms';
import { extension, request, requestParsed } from './client';

export type { FormWrite };

export const FORMS_EXTENSION = 'forms';

/** Sign-up forms (extension, issue 50): `{supported: false}` where the API has none. */
export const getForms = (signal?: AbortSignal) =>
  extension(FORMS_EXTENSION, () =>
    requestParsed(envelope(form), '/forms', { query: { page_size: 1000 }, signal }),
  );

export const createForm = (body: FormWrite) =>
  requestParsed(form, '/forms', { method: 'POST', body });

export const updateForm = (id: number, body: Partial<FormWrite>) =>
  requestParsed(form, `/forms/${id}`, { method: 'PATCH', body });

export const deleteForm = (id: number) => request(`/forms/${id}`, { method: 'DELETE' });
