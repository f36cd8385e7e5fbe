/**
 * The mailings feature's public surface: what other parts of the server may use (the demo
 * data; deliveries' test messages, which check and read an unsaved variant as creating a
 * mailing does). Everything else in this folder is the feature's own (docs/architecture.md §2).
 */
export { importZipLayout, type ImportedLayout } from './layout-import.js';
export { mailingsRepository, type ListDefaults, type NewVariant } from './repository.js';
export { importedLayout, prepareLayout, variantProblems } from './variant-content.js';
