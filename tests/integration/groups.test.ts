/**
 * Groups domain routes (spec/3 "Groups page", "Teacher screens", §4 "Groups", §5, §7, §8; issue 21
 * items 1-3 and 6) on DynamoDB Local: the Groups page, the course groups screen and the student's
 * study groups, each with its happy path, the spec's texts, bad input and callers who may not: a
 * student, a teacher of another course and a teacher of another group of the same course.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, startTestCloud, type TestCloud } from './helpers';

let cloud: TestCloud;
let admin: string;
/** Owner of the course groups (teacher A). */
let alice: string;
/** Teacher of another group of the same course (teacher B). */
let bob: string;
/** Teacher of another course. */
let carol: string;
/** Students. */
let stu: string;
let sam: string;
let courseId: number;
let otherCourseId: number;

beforeAll(async () => {
  cloud = await startTestCloud('demo');
  admin = await cloud.login('admin@example.com', 'admin-demo');
  [alice, bob, carol, stu, sam] = (await Promise.all(['galice', 'gbob', 'gcarol', 'gstu', 'gsam'].map((n) => addTestUser(cloud, n)))) as [string, string, string, string, string];
  courseId = cloud.seed.demoCourseId!;
  const other = await post('/create-edit-course-all-lang', { course_id: 0, area_id: 1, color: '#000000', content_list: [{ lang_id: 1, content: 'Groups other course' }] }, admin);
  expect(other.status).toBe(200);
  otherCourseId = other.body.id;
});
afterAll(() => cloud?.stop());

const get = (path: string, token?: string) => cloud.api(`/api${path}`, { token });
const post = (path: string, json: unknown, token?: string) => cloud.api(`/api${path}`, { method: 'POST', json, token });

describe('Groups page', () => {
  let privateId: number;
  let publicId: number;

  it('creates groups with the spec\u2019s rules for names and keys', async () => {
    const short = await post('/add-group', { name: 'abc', group_key: 'k', teacher_key: '', group_type: 0 }, alice);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({
      name: ['Group name must have to at least 5 characters'],
      group_key: ['Group key must have to at least 5 characters'],
      teacher_key: ['Teacher key must have to at least 5 characters'],
    });
    const created = await post('/add-group', { name: 'Chess club', group_key: 'chess-key', teacher_key: 'chess-teach', group_type: 0 }, alice);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ message: 'OK', id: expect.any(Number) });
    privateId = created.body.id;
    // A public group needs no keys.
    const pub = await post('/add-group', { name: 'Open readers', group_key: '', teacher_key: 'read-teach', group_type: 1 }, alice);
    expect(pub.status).toBe(200);
    publicId = pub.body.id;

    const mine = await get('/get-my-groups', alice);
    expect(mine.status).toBe(200);
    expect(mine.body.my_owns).toEqual([
      { id: privateId, name: 'Chess club', type: 0, group_key: 'chess-key', teacher_key: 'chess-teach' },
      { id: publicId, name: 'Open readers', type: 1, group_key: '', teacher_key: 'read-teach' },
    ]);
    expect(mine.body.groups).toEqual(expect.arrayContaining([{ id: privateId, name: 'Chess club', type: 0 }]));
    expect(mine.body.my_groups).toEqual([]);
    expect(mine.body.teach_groups).toEqual([]);
  });

  it('refuses bad input with 400, never 500, and anonymous callers with 401', async () => {
    for (const body of [
      { name: 'x'.repeat(101), group_key: 'abcde', teacher_key: 'abcde', group_type: 0 },
      { name: 'Valid name', group_key: 'abcde', teacher_key: 'abcde', group_type: 5 },
      { name: 12345, group_key: 'abcde', teacher_key: 'abcde' },
      { name: 'Valid name', group_key: 'k'.repeat(101), teacher_key: 'abcde' },
    ]) expect((await post('/add-group', body, alice)).status).toBe(400);
    expect((await post('/add-to-group', { list_type: 3, id: privateId }, stu)).status).toBe(400);
    expect((await post('/add-to-group', { list_type: 1, id: 'abc' }, stu)).status).toBe(400);
    expect((await post('/delete-group', { group_type: 'admin', id: privateId }, alice)).status).toBe(400);
    expect((await post('/change-group', { id: -1, name: 'Valid name', public: 1 }, alice)).status).toBe(400);
    expect((await get('/get-my-groups')).status).toBe(401);
    expect((await post('/add-group', { name: 'Valid name', group_type: 1 })).status).toBe(401);
  });

  it('shows another user the groups to join without any key', async () => {
    const theirs = await get('/get-my-groups', stu);
    expect(theirs.body.groups).toEqual(expect.arrayContaining([{ id: privateId, name: 'Chess club', type: 0 }]));
    expect(JSON.stringify(theirs.body)).not.toMatch(/chess-key|chess-teach|read-teach/);
    expect(theirs.body.my_owns).toEqual([]);
  });

  it('lets only the owner change a group; an unchanged key stays', async () => {
    const byOther = await post('/change-group', { id: privateId, name: 'Hijacked', group_key: 'mine1', teacher_key: 'mine2', public: 0 }, bob);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe('Only the owner of the group may do this.');
    expect((await post('/change-group', { id: privateId, name: 'Hijacked', group_key: 'mine1', teacher_key: 'mine2', public: 0 }, stu)).status).toBe(403);
    const missing = await post('/change-group', { id: 999_999, name: 'Nothing here', group_key: 'abcde', teacher_key: 'abcde', public: 0 }, alice);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Group not found.');
    const short = await post('/change-group', { id: privateId, name: 'Chess club', group_key: 'abc', teacher_key: 'chess-teach', public: 0 }, alice);
    expect(short.body.errors).toEqual({ group_key: ['Group key must have to at least 5 characters'] });
    const ok = await post('/change-group', { id: privateId, name: 'Chess club 2', group_key: 'chess-key', teacher_key: 'chess-teach', public: 0 }, alice);
    expect(ok.body).toEqual({ message: 'OK' });
    expect((await get('/get-my-groups', alice)).body.my_owns[0].name).toBe('Chess club 2');
  });

  it('joins as member with the group key and as teacher with the teacher key; owners need no key', async () => {
    const wrong = await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'guess', teacher_key: '', group_type: 0 }, stu);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Wrong group key.', description: 'The group key is not correct.', code: 'group_wrong_key' });
    // The teacher key does not make a member.
    expect((await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'chess-teach' }, stu)).status).toBe(400);
    expect((await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'chess-key' }, stu)).body).toEqual({ message: 'OK' });
    expect((await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'chess-key' }, stu)).body).toEqual({ message: 'OK' });
    expect((await get('/get-my-groups', stu)).body.my_groups).toEqual([{ id: privateId, name: 'Chess club 2', type: 0 }]);
    // A public group's members need no key.
    expect((await post('/add-to-group', { list_type: 1, id: publicId }, sam)).body).toEqual({ message: 'OK' });

    // The group key does not make a teacher.
    const asTeacher = await post('/add-to-group', { list_type: 2, id: privateId, teacher_key: 'chess-key' }, bob);
    expect(asTeacher.body).toMatchObject({ message: 'Wrong teacher key.', description: 'The teacher key is not correct.', code: 'group_wrong_teacher_key' });
    expect((await post('/add-to-group', { list_type: 2, id: privateId, teacher_key: 'chess-teach' }, bob)).body).toEqual({ message: 'OK' });
    expect((await get('/get-my-groups', bob)).body.teach_groups).toEqual([{ id: privateId, name: 'Chess club 2', type: 0, group_key: 'chess-key' }]);
    // Public or not, teaching someone else's group takes its teacher key.
    expect((await post('/add-to-group', { list_type: 2, id: publicId }, carol)).status).toBe(400);

    // The owner joins their own private group without a key, in either role.
    expect((await post('/add-to-group', { list_type: 1, id: privateId }, alice)).body).toEqual({ message: 'OK' });
    expect((await post('/add-to-group', { list_type: 2, id: privateId }, alice)).body).toEqual({ message: 'OK' });
    const owner = (await get('/get-my-groups', alice)).body;
    expect(owner.my_groups.map((g: { id: number }) => g.id)).toEqual([privateId]);
    expect(owner.teach_groups.map((g: { id: number }) => g.id)).toEqual([privateId]);
    expect((await post('/add-to-group', { list_type: 1, id: 999_999, group_key: 'x' }, stu)).status).toBe(404);
  });

  it('rate-limits key guessing like competition keys (429, and the right key is not compared then)', async () => {
    const guesser = await addTestUser(cloud, 'gguess');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/add-to-group', { list_type: 1, id: privateId, group_key: `k${i}` }, guesser)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect((await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'chess-key' }, guesser)).status).toBe(429);
  });

  it('leaves, stops teaching and deletes with the right role only', async () => {
    expect((await post('/delete-group', { group_type: 'member', id: privateId }, stu)).body).toEqual({ message: 'OK' });
    const again = await post('/delete-group', { group_type: 'member', id: privateId }, stu);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('You are not a member of this group.');
    expect((await post('/delete-group', { group_type: 'teacher', id: privateId }, stu)).body.message).toBe('You do not teach this group.');
    expect((await post('/delete-group', { group_type: 'teacher', id: privateId }, bob)).body).toEqual({ message: 'OK' });
    expect((await get('/get-my-groups', bob)).body.teach_groups).toEqual([]);
    // Only the owner deletes.
    for (const who of [bob, stu, carol]) expect((await post('/delete-group', { group_type: 'owner', id: privateId }, who)).status).toBe(403);
    expect((await post('/add-to-group', { list_type: 1, id: privateId, group_key: 'chess-key' }, stu)).status).toBe(200);
    expect((await post('/delete-group', { group_type: 'owner', id: privateId }, alice)).body).toEqual({ message: 'OK' });
    // Gone for everyone: the owner's lists, the member's and the list to join.
    expect((await get('/get-my-groups', alice)).body.my_owns.map((g: { id: number }) => g.id)).toEqual([publicId]);
    const member = (await get('/get-my-groups', stu)).body;
    expect(member.my_groups).toEqual([]);
    expect(member.groups.map((g: { id: number }) => g.id)).not.toContain(privateId);
    expect((await post('/delete-group', { group_type: 'owner', id: privateId }, alice)).status).toBe(404);
  });
});

describe('course groups (teacher screens)', () => {
  let g1: number;
  let g2: number;
  let g3: number;

  it('validates a course group: required, 5-30 characters', async () => {
    const empty = await post('/edit-course-group', { group_id: 0, group_name: '', group_key: 'abc', teacher_key: 'x'.repeat(31), course_id: courseId }, alice);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ group_name: ['The value is required', 'Use 5-30 chars.'], group_key: ['Use 5-30 chars.'], teacher_key: ['Use 5-30 chars.'] });
    const noCourse = await post('/edit-course-group', { group_id: 0, group_name: 'Class 1.A', group_key: 'key-1a-st', teacher_key: 'key-1a-te', course_id: 999_999 }, alice);
    expect(noCourse.status).toBe(404);
    expect((await post('/edit-course-group', { group_id: 'x', group_name: 'Class 1.A', group_key: 'key-1a-st', teacher_key: 'key-1a-te', course_id: courseId }, alice)).status).toBe(400);
    expect((await post('/edit-course-group', { group_name: 'Class 1.A', group_key: 'key-1a-st', teacher_key: 'key-1a-te', course_id: courseId }, alice)).status).toBe(400);
  });

  it('creates course groups and lists the created and taught ones with the breadcrumbs', async () => {
    const made = await post('/edit-course-group', { group_id: 0, group_name: 'Class 1.A', group_key: 'key-1a-st', teacher_key: 'key-1a-te', course_id: courseId }, alice);
    expect(made.body).toEqual({ message: 'OK', id: expect.any(Number) });
    g1 = made.body.id;
    g2 = (await post('/edit-course-group', { group_id: 0, group_name: 'Class 1.B', group_key: 'key-1b-st', teacher_key: 'key-1b-te', course_id: courseId }, bob)).body.id;
    g3 = (await post('/edit-course-group', { group_id: 0, group_name: 'Other 2.C', group_key: 'key-2c-st', teacher_key: 'key-2c-te', course_id: otherCourseId }, carol)).body.id;

    const page = await get(`/get-course-groups/${courseId}`, alice);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      message: 'OK',
      course: { id: courseId, name: 'Python basics' },
      area: { id: expect.any(Number), name: expect.any(String) },
      category: { id: expect.any(Number), name: expect.any(String) },
      created_groups: [{ id: g1, group_name: 'Class 1.A', group_key: 'key-1a-st', teacher_key: 'key-1a-te', archived: 0 }],
      teaching_groups: [],
      permissions: [],
    });
    expect((await get(`/get-course-groups/${courseId}`, admin)).body.permissions[0].role_code).toBe('admin');
    // The owner changes the group; only the owner may.
    expect((await post('/edit-course-group', { group_id: g1, group_name: 'Class 1.A!', group_key: 'key-1a-st', teacher_key: 'key-1a-te', course_id: courseId }, alice)).body).toEqual({ message: 'OK', id: g1 });
    expect((await get(`/get-course-groups/${courseId}`, alice)).body.created_groups[0].group_name).toBe('Class 1.A!');
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    expect((await get('/get-course-groups/999999', alice)).body.message).toBe('Course not found.');
    expect((await get('/get-course-groups/abc', alice)).status).toBe(400);
    expect((await get('/get-all-teacher-course-groups/abc', alice)).status).toBe(400);
    expect((await get('/get-course-groups/1')).status).toBe(401);
  });

  it('teaches: the owner without a key, another teacher with the teacher key; the group key comes back', async () => {
    const own = await post('/add-teacher-to-group', { group_id: g1, teacher_key: '', course_id: courseId }, alice);
    expect(own.body).toEqual({ message: 'OK', group_key: 'key-1a-st' });
    const aliceList = (await get(`/get-all-teacher-course-groups/${courseId}`, alice)).body.teaching_groups;
    expect(aliceList).toEqual(expect.arrayContaining([{ id: g2, group_name: 'Class 1.B', own: 0 }]));
    expect(aliceList.map((g: { id: number }) => g.id)).not.toContain(g1);
    expect(aliceList.map((g: { id: number }) => g.id)).not.toContain(g3);
    expect(JSON.stringify(aliceList)).not.toContain('key-');

    const wrong = await post('/add-teacher-to-group', { group_id: g1, teacher_key: 'key-1a-st', course_id: courseId }, bob);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Wrong teacher key.');
    const right = await post('/add-teacher-to-group', { group_id: g1, teacher_key: 'key-1a-te', course_id: courseId }, bob);
    expect(right.body).toEqual({ message: 'OK', group_key: 'key-1a-st' });
    const bobPage = (await get(`/get-course-groups/${courseId}`, bob)).body;
    expect(bobPage.teaching_groups.map((g: { id: number }) => g.id)).toEqual([g1]);
    expect(bobPage.created_groups.map((g: { id: number }) => g.id)).toEqual([g2]);
    expect((await post('/stop-teaching-group', { group_id: g1, course_id: courseId }, bob)).body).toEqual({ message: 'OK' });
    expect((await get(`/get-course-groups/${courseId}`, bob)).body.teaching_groups).toEqual([]);
    const again = await post('/stop-teaching-group', { group_id: g1, course_id: courseId }, bob);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('You do not teach this group.');
  });

  it('archives and unarchives per list', async () => {
    const first = await post('/change-archive-group', { group_id: g1, operation_type: 'created', course_id: courseId }, alice);
    expect(first.body).toEqual({ message: 'OK', archived: 1 });
    let page = (await get(`/get-course-groups/${courseId}`, alice)).body;
    expect(page.created_groups[0].archived).toBe(1);
    expect(page.teaching_groups[0].archived).toBe(0);
    expect((await post('/change-archive-group', { group_id: g1, operation_type: 'teaching', course_id: courseId }, alice)).body.archived).toBe(1);
    expect((await post('/change-archive-group', { group_id: g1, operation_type: 'created', course_id: courseId }, alice)).body.archived).toBe(0);
    page = (await get(`/get-course-groups/${courseId}`, alice)).body;
    expect([page.created_groups[0].archived, page.teaching_groups[0].archived]).toEqual([0, 1]);
    expect((await post('/change-archive-group', { group_id: g1, operation_type: 'deleted', course_id: courseId }, alice)).status).toBe(400);
  });

  it('refuses a student, a teacher of another group of the course and a teacher of another course', async () => {
    for (const who of [stu, bob, carol]) {
      const edit = await post('/edit-course-group', { group_id: g1, group_name: 'Taken over', group_key: 'key-new-1', teacher_key: 'key-new-2', course_id: courseId }, who);
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe('Only the owner of the group may do this.');
      expect((await post('/change-archive-group', { group_id: g1, operation_type: 'created', course_id: courseId }, who)).status).toBe(403);
      expect((await post('/change-archive-group', { group_id: g1, operation_type: 'teaching', course_id: courseId }, who)).status).toBe(404);
      expect((await post('/delete-course-group', { group_id: g1, course_id: courseId }, who)).status).toBe(403);
      expect((await post('/stop-teaching-group', { group_id: g1, course_id: courseId }, who)).status).toBe(404);
      expect((await post('/add-teacher-to-group', { group_id: g1, teacher_key: '', course_id: courseId }, who)).status).toBe(400);
      const page = (await get(`/get-course-groups/${courseId}`, who)).body;
      expect(JSON.stringify(page)).not.toContain('key-1a');
    }
    // A group id must belong to the course named: carol's own course does not reach g1.
    for (const [path, body] of [
      ['/add-teacher-to-group', { group_id: g1, teacher_key: 'key-1a-te', course_id: otherCourseId }],
      ['/change-archive-group', { group_id: g1, operation_type: 'created', course_id: otherCourseId }],
      ['/stop-teaching-group', { group_id: g1, course_id: otherCourseId }],
      ['/delete-course-group', { group_id: g1, course_id: otherCourseId }],
      ['/edit-course-group', { group_id: g1, group_name: 'Taken over', group_key: 'key-new-1', teacher_key: 'key-new-2', course_id: otherCourseId }],
    ] as const) {
      const res = await post(path, body, carol);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This group is not a group of the course.');
    }
    // Nothing changed for the owner.
    const page = (await get(`/get-course-groups/${courseId}`, alice)).body;
    expect(page.created_groups).toEqual([{ id: g1, group_name: 'Class 1.A!', group_key: 'key-1a-st', teacher_key: 'key-1a-te', archived: 0 }]);
  });

  describe('student settings', () => {
    it('lists the course\u2019s groups to join without keys, joins with the group key and leaves', async () => {
      const all = await get(`/get-all-student-course-groups/${courseId}`, stu);
      expect(all.status).toBe(200);
      const ids = all.body.groups.map((g: { id: number }) => g.id);
      expect(ids).toEqual(expect.arrayContaining([g1, g2]));
      expect(ids).not.toContain(g3);
      expect(JSON.stringify(all.body)).not.toContain('key-');

      const wrong = await post('/add-student-to-course-group', { group_id: g1, group_key: 'key-1a-te', course_id: courseId }, stu);
      expect(wrong.status).toBe(400);
      expect(wrong.body.description).toBe('The group key is not correct.');
      // A group of another course is not joined through this course.
      expect((await post('/add-student-to-course-group', { group_id: g3, group_key: 'key-2c-st', course_id: courseId }, stu)).status).toBe(404);
      expect((await post('/add-student-to-course-group', { group_id: g1, group_key: 'key-1a-st', course_id: courseId }, stu)).body).toEqual({ message: 'OK' });

      const mine = await get(`/get-student-course-groups/${courseId}`, stu);
      expect(mine.body).toMatchObject({ message: 'OK', groups: [{ id: g1, group_name: 'Class 1.A!', type: 0 }], course: { id: courseId, name: 'Python basics' } });
      expect((await get(`/get-all-student-course-groups/${courseId}`, stu)).body.groups.map((g: { id: number }) => g.id)).not.toContain(g1);
      // The teacher's screens never show the student a key, and the student's list is theirs only.
      expect((await get(`/get-student-course-groups/${courseId}`, sam)).body.groups).toEqual([]);

      expect((await post('/leave-course-group', { group_id: g1, course_id: courseId }, stu)).body).toEqual({ message: 'OK' });
      const again = await post('/leave-course-group', { group_id: g1, course_id: courseId }, stu);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('You are not a member of this group.');
      expect((await get(`/get-student-course-groups/${courseId}`, stu)).body.groups).toEqual([]);
    });

    it('refuses bad input and unknown courses', async () => {
      expect((await get('/get-student-course-groups/abc', stu)).status).toBe(400);
      expect((await get('/get-all-student-course-groups/999999', stu)).status).toBe(404);
      expect((await post('/add-student-to-course-group', { group_id: g1, group_key: 'k'.repeat(101), course_id: courseId }, stu)).status).toBe(400);
      expect((await post('/leave-course-group', { group_id: 'x', course_id: courseId }, stu)).status).toBe(400);
      expect((await post('/leave-course-group', { group_id: g1, course_id: courseId })).status).toBe(401);
    });
  });

  it('deletes a course group with its members (owner only, answer success)', async () => {
    expect((await post('/add-student-to-course-group', { group_id: g1, group_key: 'key-1a-st', course_id: courseId }, sam)).status).toBe(200);
    const done = await post('/delete-course-group', { group_id: g1, course_id: courseId }, alice);
    expect(done.body).toEqual({ message: 'success' });
    const page = (await get(`/get-course-groups/${courseId}`, alice)).body;
    expect(page.created_groups).toEqual([]);
    expect(page.teaching_groups).toEqual([]);
    expect((await get(`/get-student-course-groups/${courseId}`, sam)).body.groups).toEqual([]);
    expect((await post('/delete-course-group', { group_id: g1, course_id: courseId }, alice)).status).toBe(404);
  });
});
