/**
 * The groups domain's public face: what other domains (teaching, the demo seed) may use. A domain
 * imports another only through its index (lint: eslint.config.js, functionsBoundaryZones).
 * Contract with the teaching domain (issue 21): these names and signatures stay.
 */
export type { GroupRef, GroupRelation, GroupRole, GroupType } from './model';
export {
  addRelationRecord,
  createGroupRecord,
  getGroup,
  groupItems,
  groupsOfCourse,
  linkGroupToCourse,
  membersOfGroups,
  newestGroups,
  relationsOfUser,
  seesAllGroupsOf,
  teacherGroupsInCourse,
  unlinkGroupFromCourse,
  MEMBERS_GROUPS_LIMIT,
} from './store';
