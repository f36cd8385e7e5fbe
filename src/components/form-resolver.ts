import { zodResolver } from '@hookform/resolvers/zod';
import { loadServerTexts } from '../api/server-text';

// A form's messages read like the server's 400s, in the active locale (app/zod-messages.ts):
// the table of those texts comes with the first form, before it can validate.
await loadServerTexts();

/** react-hook-form's zod resolver, for the dashboard's forms. */
export { zodResolver };
