import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The signal lists (signals/*.json): data, with their sources and the date they were
 * checked, so updating one is an edit of a JSON file (then `npm run statistics --
 * reclassify`). Read and checked once, at start-up: a malformed list stops the server
 * rather than classifying wrongly.
 */
const cited = { about: z.string(), sources: z.array(z.string()).min(1), date: z.iso.date() };
const read = <T extends z.ZodType>(name: string, schema: T): z.infer<T> =>
  schema.parse(JSON.parse(readFileSync(new URL(`./signals/${name}`, import.meta.url), 'utf8')));

export const apple = read(
  'apple-proxy.json',
  z.object({ ...cited, ranges: z.array(z.string()), agents: z.array(z.string()) }),
);
export const scanners = read(
  'scanners.json',
  z.object({ ...cited, ranges: z.array(z.string()), agents: z.array(z.string()) }),
);
export const imageProxies = read(
  'image-proxies.json',
  z.object({ ...cited, agents: z.array(z.string()) }),
);
export const windows = read(
  'windows.json',
  z.object({
    ...cited,
    early_seconds: z.number().int().nonnegative(),
    burst_seconds: z.number().int().positive(),
    burst_links: z.number().int().min(2),
    burst_lookback_minutes: z.number().int().positive(),
  }),
);
