/**
 * The teaching domain's public face: what other domains and the demo seed may use. A domain imports
 * another only through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { teachingKeys } from './keys';
export { addTeacherCourse } from './dashboard';
