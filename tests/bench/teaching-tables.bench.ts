/**
 * Teaching tables benchmark (issue 21 numbers): the tasks table of one lesson (get-students-groups-tasks)
 * for a group of 30 students × 100 tasks, through the local cloud's HTTP API: latency percentiles, and
 * the read units of one request (its own DynamoDB calls, isolated from the stream projections with
 * AsyncLocalStorage, cold and with the lesson's task headers cached). Then the chapter table
 * (get-students-groups-chapters) for 100, 300 and 1,000 students: time and read units, and how they grow.
 *
 * The progress is written as the player writes it (TPROG items); the teaching projection builds the
 * lesson summaries (LPROG) from the table's stream, and the bench waits for it to converge and checks
 * every summary against the progress items it wrote.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Bench } from './run';
import { percentiles, report } from './stats';

const STUDENTS = 30;
const TASKS = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CHAPTER_SIZES = (process.env.BENCH_CHAPTER_SIZES ?? '100,300,1000').split(',').map(Number);
/** A group holds at most this many students in the chapter runs (members of several groups are read per group). */
const GROUP_SIZE = 100;

interface Units {
  read: number;
  calls: number;
}

export const teachingTables: Bench = {
  name: 'teaching-tables',
  async run({ cloud }) {
    const { db } = await import('../../functions/src/platform/db/client');
    const { batchPut } = await import('../../functions/src/platform/db/batch');
    const { createUser } = await import('../../functions/src/accounts/users');
    const { issueTokens } = await import('../../functions/src/platform/auth/tokens');
    const { seedDemoContent } = await import('../../functions/src/demo/catalogue');
    const { listChapters, listLessons } = await import('../../functions/src/catalogue/store');
    const { userCourseItem } = await import('../../functions/src/catalogue/items');
    const { playerKeys } = await import('../../functions/src/player/keys');
    const { teachingKeys } = await import('../../functions/src/teaching/keys');
    const { lessonProgress } = await import('../../functions/src/teaching/entities');
    const { tasksTable, chaptersTable } = await import('../../functions/src/teaching/tables');
    const groups = await import('../../functions/src/groups');

    // Read units of the calls made inside `measure` (the stream poller's calls have no store).
    const als = new AsyncLocalStorage<Units>();
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const units = als.getStore();
        if (!units) return next(args);
        (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
        const out = await next(args);
        const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
        const total = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
        if (/Get|Query|Scan/.test(String(context.commandName))) units.read += total;
        units.calls++;
        return out;
      },
      { step: 'initialize', name: 'teachingBenchMeter' },
    );
    const measure = async <T>(fn: () => Promise<T>) => {
      const units: Units = { read: 0, calls: 0 };
      const t = performance.now();
      const result = await als.run(units, fn);
      return { result, units, ms: performance.now() - t };
    };

    // Content: the demo catalogue plus a lesson of 100 questions in its first chapter.
    const courseId = (await seedDemoContent()).first;
    const chapter = (await listChapters(courseId)).find((c) => c.chapter_type === 1)!;
    const admin = (await issueTokens(cloud.seed.accounts.admin!, 2)).access_token;
    const call = async (path: string, body: unknown, token: string) => {
      const res = await fetch(`${cloud.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, number>>;
    };
    const lessonId = (await call('/edit-lesson', { lesson_id: 0, chapter_id: chapter.chapter_id, lesson_name: 'One hundred questions', lang_id: 1 }, admin)).id as number;
    const content = JSON.stringify({
      content: `<p>${'Which of these prints a list of the squares of the numbers below ten? '.repeat(6)}</p>`,
      help: '<p>Think of range() and a list comprehension.</p>',
      answer_list: ['[x*x for x in range(10)]', 'map(square, 10)', 'range(10)**2', 'squares(10)'].map((answer) => ({ answer, feedback: '' })),
    });
    const globals = JSON.stringify({ ratings: [100, 0, 0, 0], ignoreSpace: false, ignoreSeparators: false, caseSensitive: true, aqSome: false });
    const taskIds: number[] = [];
    for (let i = 0; i < TASKS; i++) {
      const task = await call('/create-edit-task-all-lang', { lesson_id: lessonId, task_id: 0, task_type_id: 3, max_score: '10', globals, content_list: [{ lang_id: 1, content, visible: 1 }] }, admin);
      taskIds.push(task.task_id!);
    }

    // People: a teacher with one group of 30 students who joined by key.
    const person = async (nickname: string) =>
      (
        await createUser({
          email: `${nickname}@bench.example.com`, password_hash: '!', role_id: 1, name: 'Bench', surname: nickname, nickname,
          yob: 2005, country_id: 703, pref_lang_id: 1, lang_id: 1, content_type_id: 1, theme_id: 1, groups: 'Demo', confirmed: true,
        })
      ).user_id;
    const teacherId = await person('bench-teacher');
    const teacher = { userId: teacherId, roleId: 1 };
    const teacherToken = (await issueTokens(teacherId, 1)).access_token;
    const groupId = await groups.createGroupRecord({ name: 'Bench class', type: 0, group_key: 'bench-key', teacher_key: 'bench-teach', owner_id: teacherId, course_id: courseId });
    const students: number[] = [];
    for (let i = 0; i < STUDENTS; i += 10) {
      students.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => person(`bench-s${i + k}`)))));
    }
    await Promise.all(students.map((id) => groups.addRelationRecord({ group_id: groupId, user_id: id, role: 'member', by_key: true })));

    // Progress as the player stores it: student s has tried a varied share of the tasks.
    const expected = new Map<number, Record<string, { s: number; p: number; a: number }>>();
    const progress = students.flatMap((userId, s) =>
      taskIds.flatMap((taskId, t) => {
        if ((s * 7 + t * 3) % 10 >= 2 + (s % 8)) return [];
        const passed = (s + t) % 3 !== 0 ? 1 : 0;
        const cell = { s: passed ? 10 : 0, p: passed, a: 1 + ((s + t) % 3) };
        (expected.get(userId) ?? expected.set(userId, {}).get(userId)!)[String(taskId)] = cell;
        return [{
          ...playerKeys.taskProgress(userId, courseId, taskId), type: 'task-progress', user_id: userId, course_id: courseId, task_id: taskId,
          chapter_id: chapter.chapter_id, lesson_id: lessonId, task_type_id: 3, kind: 'task', max_score: 10, score: cell.s, rating: cell.s * 10,
          passed, first_time: 0, attempts: cell.a, help_showed: 0, answer_showed: 0, coins_spent: 0, xp_awarded: 0, coins_awarded: 0,
          time_spent: 30, teacher_score: 0, comment: '', rev: cell.a, last_at: new Date().toISOString(), last_score: cell.s, last_rating: cell.s * 10, last_answer: '[0]',
        }];
      }),
    );
    const t0 = performance.now();
    await batchPut(progress);
    // The projection builds 30 lesson summaries from the stream.
    const summaries = async () => lessonProgress.batchGet(students.map((id) => teachingKeys.lessonProgress(id, courseId, lessonId)));
    const converged = (items: Awaited<ReturnType<typeof summaries>>) =>
      items.length === expected.size &&
      items.every((i) => JSON.stringify(sortKeys(Object.fromEntries(Object.entries(i.tasks).map(([k, v]) => [k, { s: v.s, p: v.p, a: v.a }])))) === JSON.stringify(sortKeys(expected.get(i.user_id)!)));
    let items = await summaries();
    while (!converged(items) && performance.now() - t0 < 120_000) {
      await new Promise((r) => setTimeout(r, 250));
      items = await summaries();
    }
    console.log(`progress items written: ${progress.length} (30 students × ${TASKS} tasks, varied); lesson summaries converged: ${converged(items)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const summaryBytes = items.map((i) => JSON.stringify(i.tasks).length);
    console.log(`lesson summary size: ${Math.min(...summaryBytes)}-${Math.max(...summaryBytes)} bytes of task cells (one item per student and lesson)`);

    // Units of one tasks-table request: cold (the first in a container: names read) and warm (names cached 60 s).
    const cold = await measure(() => tasksTable(teacher, courseId, chapter.chapter_id, lessonId));
    const warm = await measure(() => tasksTable(teacher, courseId, chapter.chapter_id, lessonId));
    const shown = warm.result.students.length;
    console.log(`tasks table, 30 students × ${TASKS} tasks: ${shown} rows × ${warm.result.tasks.length} columns`);
    console.log(`  read units per request: cold ${cold.units.read.toFixed(1)} RU in ${cold.units.calls} calls (first of a container), warm ${warm.units.read.toFixed(1)} RU in ${warm.units.calls} calls (target <= 40)`);
    const naive = await measure(() =>
      (async () => {
        const { batchGet } = await import('../../functions/src/platform/db/batch');
        await batchGet(students.flatMap((id) => taskIds.map((t) => playerKeys.taskProgress(id, courseId, t))));
      })(),
    );
    console.log(`  for comparison, reading every progress item (BatchGet of 30 × ${TASKS} TPROG keys): ${naive.units.read.toFixed(1)} RU in ${naive.units.calls} calls`);

    // Latency through the API (sequential requests, after a warm-up).
    const body = { course_id: courseId, chapter_id: chapter.chapter_id, lesson_id: lessonId };
    for (let i = 0; i < 20; i++) await call('/get-students-groups-tasks', body, teacherToken);
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await call('/get-students-groups-tasks', body, teacherToken);
      samples.push(performance.now() - t);
    }
    const p = report('POST /get-students-groups-tasks (30 × 100)', samples);
    console.log(`  p95 ${p.p95.toFixed(1)} ms (target <= 300 ms)`);

    // Chapter table: 100 / 300 / 1,000 students (course aggregates written as the player's projection keeps them).
    const lessons = (await listLessons(courseId)).filter((l) => l.chapter_id === chapter.chapter_id);
    const chapters = (await listChapters(courseId)).filter((c) => c.chapter_type === 1);
    let made = 0;
    const big: number[] = [];
    let bigGroups: number[] = [];
    const rows: string[] = [];
    for (const size of CHAPTER_SIZES) {
      const teacher2 = await person(`bench-chapter-teacher-${size}`);
      while (big.length < size) {
        const batch = await Promise.all(Array.from({ length: Math.min(20, size - big.length) }, () => person(`bench-c${made++}`)));
        const ucourses = batch.map((userId, k) => ({
          ...userCourseItem({ userId, courseId, areaId: 0, userCourseId: 1_000_000 + userId }),
          chapters: Object.fromEntries(chapters.map((c, i) => [String(c.chapter_id), { tasks_finished: (k + i) % 5, programs_finished: (k + i) % 3, contents_finished: 1, score_task: ((k + i) % 5) * 10, score_program: ((k + i) % 3) * 20 }])),
          lessons: Object.fromEntries(lessons.map((l, i) => [String(l.lesson_id), { tasks_finished: (k + i) % 3, programs_finished: 0, contents_finished: 1, score_task: ((k + i) % 3) * 10, score_program: 0 }])),
        }));
        await batchPut(ucourses);
        big.push(...batch);
      }
      // Groups of at most GROUP_SIZE students, all owned by this size's teacher.
      bigGroups = [];
      for (let g = 0; g * GROUP_SIZE < size; g++) {
        const id = await groups.createGroupRecord({ name: `Bench ${size} ${g}`, type: 0, group_key: 'bench-key', teacher_key: 'bench-teach', owner_id: teacher2, course_id: courseId });
        bigGroups.push(id);
        await Promise.all(big.slice(g * GROUP_SIZE, Math.min(size, (g + 1) * GROUP_SIZE)).map((user_id) => groups.addRelationRecord({ group_id: id, user_id, role: 'member', by_key: true })));
      }
      const who = { userId: teacher2, roleId: 1 };
      await chaptersTable(who, courseId); // warm-up
      const runs: number[] = [];
      let units: Units = { read: 0, calls: 0 };
      let count = 0;
      for (let i = 0; i < 5; i++) {
        const m = await measure(() => chaptersTable(who, courseId));
        runs.push(m.ms);
        units = m.units;
        count = m.result.students.length;
      }
      const q = percentiles(runs);
      rows.push(`  ${String(size).padStart(5)} students (${bigGroups.length} groups): ${count} rows, p50 ${q.p50.toFixed(0)} ms, max ${q.max.toFixed(0)} ms, ${units.read.toFixed(1)} RU in ${units.calls} calls (${(units.read / size).toFixed(2)} RU per student)`);
    }
    console.log(`chapter table (get-students-groups-chapters, ${chapters.length} chapter columns), function call:`);
    for (const row of rows) console.log(row);
  },
};

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
