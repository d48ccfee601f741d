/**
 * The groups domain's data layer and the contract other domains code against (functions/src/groups/index.ts):
 * groups, relations per role, course links in both directions, and who sees which groups of a course.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let g: typeof import('../../functions/src/groups');
let grants: typeof import('../../functions/src/platform/auth/course-grants');

beforeAll(async () => {
  cloud = await startTestCloud('none');
  g = await import('../../functions/src/groups');
  grants = await import('../../functions/src/platform/auth/course-grants');
});
afterAll(() => cloud?.stop());

const COURSE = 9001;
const OTHER_COURSE = 9002;
const owner = { userId: 501, roleId: 1 };
const coTeacher = { userId: 502, roleId: 1 };
const stranger = { userId: 503, roleId: 1 };
const granted = { userId: 504, roleId: 1 };
const admin = { userId: 505, roleId: 2 };

describe('groups contract', () => {
  let a: number;
  let b: number;
  let c: number;

  it('creates groups with their owner relation and course link, and reads them back', async () => {
    a = await g.createGroupRecord({ name: 'Class 3.A', type: 0, group_key: 'key-a-123', teacher_key: 'tkey-a-123', owner_id: owner.userId, course_id: COURSE });
    b = await g.createGroupRecord({ name: 'Class 3.B', type: 1, group_key: '', teacher_key: 'tkey-b-123', owner_id: stranger.userId, course_id: COURSE });
    c = await g.createGroupRecord({ name: 'Other course', type: 0, group_key: 'key-c-123', teacher_key: 'tkey-c-123', owner_id: owner.userId });
    expect(b).toBeGreaterThan(a);
    expect(await g.getGroup(a)).toEqual({ id: a, name: 'Class 3.A', type: 0, owner_id: owner.userId, group_key: 'key-a-123', teacher_key: 'tkey-a-123' });
    expect((await g.getGroup(b))?.type).toBe(1);
    expect(await g.getGroup(999_999)).toBeUndefined();
    expect((await g.groupsOfCourse(COURSE)).map((x) => x.id)).toEqual([a, b]);
    expect(await g.groupsOfCourse(OTHER_COURSE)).toEqual([]);
    expect(await g.relationsOfUser(owner.userId)).toEqual([
      { group_id: a, user_id: owner.userId, role: 'owner', by_key: false, archived: false, joined_at: expect.any(Number) },
      { group_id: c, user_id: owner.userId, role: 'owner', by_key: false, archived: false, joined_at: expect.any(Number) },
    ]);
  });

  it('adds relations idempotently and lists the members of groups with by_key', async () => {
    await g.addRelationRecord({ group_id: a, user_id: 601, role: 'member', by_key: true });
    await g.addRelationRecord({ group_id: a, user_id: 602, role: 'member', by_key: false });
    await g.addRelationRecord({ group_id: a, user_id: 602, role: 'member', by_key: true }); // kept as it was
    await g.addRelationRecord({ group_id: b, user_id: 603, role: 'member', by_key: false });
    await g.addRelationRecord({ group_id: a, user_id: coTeacher.userId, role: 'teacher', by_key: true });
    const members = await g.membersOfGroups([a, b, a]);
    expect(members.map((m) => [m.group_id, m.user_id, m.by_key]).sort()).toEqual([
      [a, 601, true],
      [a, 602, false],
      [b, 603, false],
    ].sort());
    expect(members.every((m) => m.role === 'member')).toBe(true);
    expect(await g.membersOfGroups([])).toEqual([]);
    await expect(g.membersOfGroups(Array.from({ length: 51 }, (_, i) => i + 1))).rejects.toThrow(/At most 50/);
  });

  it('shows a teacher the groups of the course they own or teach; admin and grant >= 200 see all', async () => {
    expect((await g.teacherGroupsInCourse(owner, COURSE)).map((x) => x.id)).toEqual([a]);
    expect((await g.teacherGroupsInCourse(coTeacher, COURSE)).map((x) => x.id)).toEqual([a]);
    expect((await g.teacherGroupsInCourse(stranger, COURSE)).map((x) => x.id)).toEqual([b]);
    expect(await g.teacherGroupsInCourse({ userId: 601, roleId: 1 }, COURSE)).toEqual([]); // a member is no teacher
    expect(await g.teacherGroupsInCourse(granted, COURSE)).toEqual([]);
    await grants.grantPermission(granted.userId, COURSE, 'teacher');
    expect((await g.teacherGroupsInCourse(granted, COURSE)).map((x) => x.id)).toEqual([a, b]);
    expect(await g.teacherGroupsInCourse(granted, OTHER_COURSE)).toEqual([]);
    await grants.grantPermission(granted.userId, OTHER_COURSE, 'assignment_creator');
    expect(await g.teacherGroupsInCourse(granted, OTHER_COURSE)).toEqual([]);
    expect((await g.teacherGroupsInCourse(admin, COURSE)).map((x) => x.id)).toEqual([a, b]);
  });

  it('links and unlinks a group and a course in both directions', async () => {
    await g.linkGroupToCourse(c, OTHER_COURSE, owner.userId);
    await g.linkGroupToCourse(c, OTHER_COURSE, owner.userId); // idempotent
    expect((await g.groupsOfCourse(OTHER_COURSE)).map((x) => x.id)).toEqual([c]);
    expect((await g.teacherGroupsInCourse(owner, OTHER_COURSE)).map((x) => x.id)).toEqual([c]);
    await g.unlinkGroupFromCourse(c, OTHER_COURSE);
    await g.unlinkGroupFromCourse(c, OTHER_COURSE);
    expect(await g.groupsOfCourse(OTHER_COURSE)).toEqual([]);
    await expect(g.linkGroupToCourse(999_999, OTHER_COURSE, owner.userId)).rejects.toThrow('Group not found.');
    expect(await g.groupsOfCourse(OTHER_COURSE)).toEqual([]);
  });
});
