/** Starts a local cloud per test file (own table, DATA_DIR and in-memory DynamoDB Local). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCloud, type LocalCloud } from '../../functions/src/app/cloud';
import { startDynamoLocal } from '../../functions/src/platform/local/dynamo-local';

export interface TestCloud extends LocalCloud {
  dataDir: string;
  clientSecret: string;
  jwtSecret: string;
  api: (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<{ status: number; body: any; headers: Headers }>;
  login: (email: string, password: string) => Promise<string>;
}

let counter = 0;

export async function startTestCloud(seed: 'demo' | 'none' = 'demo', options: { wsIdleTimeoutMs?: number } = {}): Promise<TestCloud> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-test-'));
  process.env.SEED_LEARNERS ??= '12';
  // A DynamoDB Local of its own (in memory): one shared by every file was the run's bottleneck (one JVM
  // at 90 % of a core while three files waited on it) and grew slower with every file's data.
  const dynamo = await startDynamoLocal(null);
  const cloud = await startLocalCloud({
    dataDir,
    port: 0,
    seed,
    dynamoEndpoint: dynamo.endpoint,
    tableName: `t${process.pid}_${Date.now()}_${counter++}`,
    // The tests log in with the published demo passwords, also without the demo content.
    demoPasswords: true,
    wsIdleTimeoutMs: options.wsIdleTimeoutMs,
  });
  // The tests see the whole demo (its learners are written after the cloud is ready).
  await cloud.demo;
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientSecret: string; jwtSecret: string };
  const api: TestCloud['api'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${cloud.url}${path}`, { ...init, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const login = async (email: string, password: string) => {
    const res = await api('/api/oauth/token', {
      method: 'POST',
      json: { grant_type: 'password', client_id: 2, client_secret: secrets.clientSecret, username: email, password },
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  const stop = async () => {
    await cloud.stop();
    dynamo.stop();
  };
  return { ...cloud, stop, dataDir, clientSecret: secrets.clientSecret, jwtSecret: secrets.jwtSecret, api, login };
}

/** A confirmed regular user `{nickname}@example.com` (password `{nickname}-pass`), logged in: its token. */
export async function addTestUser(cloud: TestCloud, nickname: string, fields: { pref_lang_id?: number } = {}): Promise<string> {
  const { createUser } = await import('../../functions/src/accounts/users');
  const { hashPassword } = await import('../../functions/src/platform/auth/passwords');
  await createUser({
    email: `${nickname}@example.com`,
    password_hash: await hashPassword(`${nickname}-pass`),
    role_id: 1,
    name: nickname,
    surname: 'Tester',
    nickname,
    yob: 2000,
    country_id: 703,
    pref_lang_id: fields.pref_lang_id ?? 1,
    lang_id: fields.pref_lang_id ?? 1,
    content_type_id: 2,
    theme_id: 1,
    groups: 'Demo',
    confirmed: true,
  });
  return cloud.login(`${nickname}@example.com`, `${nickname}-pass`);
}

/** A task as the learner's lesson lists show it. */
export interface LearnerTask {
  task_id: number;
  task_type_id: number;
  content: string;
  help: string;
}

/** Every task a learner's lists show in a course (chapter by chapter, lesson by lesson). */
export async function learnerTasks(cloud: TestCloud, token: string, courseId: number): Promise<LearnerTask[]> {
  const tasks: LearnerTask[] = [];
  const chapters = await cloud.api(`/api/get-active-chapters2/${courseId}`, { token });
  for (const chapter of chapters.body.chapter_list) {
    const lessons = await cloud.api(`/api/get-active-lessons2/${chapter.chapter_id}`, { token });
    for (const lesson of lessons.body.lesson_list ?? []) {
      const list = await cloud.api(`/api/get-active-tasks2/${courseId}/${chapter.chapter_id}/${lesson.lesson_id}`, { token });
      tasks.push(...(list.body.task_list ?? []));
    }
  }
  return tasks;
}

/** Reads until `ok` holds or `ms` pass (a projection or a cache catching up); the last value read. */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
