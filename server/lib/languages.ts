import ISO6391 from 'iso-639-1';

/** Whether `code` is an assigned ISO-639-1 code (shared by lists, subscribers, mailings). */
export const isLanguageCode = (code: string) => ISO6391.validate(code);
