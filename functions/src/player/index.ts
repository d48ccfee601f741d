/**
 * The player domain's public face: what other domains may use. A domain imports another only
 * through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { assertTaskPlayable, getChapter, learnerMayPlayTask } from './access';
export { playerKeys } from './keys';
export { taskLanguage } from './lessons';
export { readPerformance } from './performance';
export { readProgress, recordResult } from './progress';
