import { isRegionCode } from '../../contract/region-codes.js';
import { knownRegionWith, listLanguage } from '../../contract/subscriber-rules.js';

/** The contract's subscriber rules bound to the full region code set (docs/architecture.md). */
export const knownRegion = knownRegionWith(isRegionCode);
export { listLanguage };
