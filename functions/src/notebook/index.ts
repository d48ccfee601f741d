/**
 * The notebook domain's public face: what other domains may use. A domain imports another only
 * through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { notebookKeys } from './keys';
