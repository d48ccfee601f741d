/**
 * The accounts domain's public face: what other domains may use. A domain imports another only
 * through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { countryList, countryName } from './countries';
export { accountKeys } from './keys';
export { groupNamesByIds, registrationGroups } from './registration-groups';
export { findUserByEmail, findUserById } from './users';
export { userNamesByIds, type UserName } from './user-names';
