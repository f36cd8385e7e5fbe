export {
  classifyReferences,
  findReferences,
  rewriteImageReferences,
} from '../../../../contract/layout-references';
