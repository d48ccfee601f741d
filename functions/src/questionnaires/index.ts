/**
 * The questionnaires domain's public face: what other modules (the demo seed) may use. A domain
 * imports another only through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { seedQuestionnaire } from './seed';
