import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.tmp/pglite-template.tar.gz',
);
