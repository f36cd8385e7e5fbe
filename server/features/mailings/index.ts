/**
 * The mailings feature's public surface: what other parts of the server (the demo data) may
 * use. Everything else in this folder is the feature's own (docs/architecture.md §2).
 */
export { importZipLayout, ZipLayoutError, type ImportedLayout } from './layout-import.js';
export { mailingsRepository, type ListDefaults, type NewVariant } from './repository.js';
