/**
 * What a learner's program can reach through the student's own API (a run of the demo course's program
 * task), for judge-escape*.test.ts: the local cloud's DynamoDB Local (no authentication: reaching it means
 * owning every account), the server's secrets in any process's environment, the project's files, the host's
 * processes. The same suite runs in the namespace sandbox and in the explicit rlimits mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerTasks, startTestCloud, type TestCloud } from './helpers';

/** The hostile program: it prints what it reached. */
const probe = (host: string, port: number, paths: string[]) => `import os, socket
try:
    socket.create_connection((${JSON.stringify(host)}, ${port}), timeout=2)
    print("REACHED DynamoDB Local")
except OSError as e:
    print("no database:", e)
environ = []
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    try:
        environ.append(open("/proc/%s/environ" % pid, "rb").read().decode("latin1"))
    except OSError:
        pass
print("ENVIRON", " | ".join(environ))
for path in ${JSON.stringify(paths)}:
    try:
        open(path).read(10)
        print("READ", path)
    except OSError as e:
        print("not read:", path)
print("PROCESSES", len([p for p in os.listdir("/proc") if p.isdigit()]))
print("end of probe")
`;

export function escapeSuite(mode: string) {
  let cloud: TestCloud;
  let student: string;
  let taskId = 0;

  beforeAll(async () => {
    cloud = await startTestCloud('demo');
    student = await cloud.login('student@example.com', 'student-demo');
    taskId = (await learnerTasks(cloud, student, cloud.seed.demoCourseId!)).find((t) => t.task_type_id === 8)!.task_id;
  }, 120_000);
  afterAll(() => cloud?.stop());

  describe(`a learner's program in the ${mode} sandbox`, { timeout: 60_000 }, () => {
    it('reaches no database, no server secret, no project file and no host process', async () => {
      const endpoint = new URL(cloud.dynamoEndpoint);
      // the server's own data (secrets, DynamoDB Local's files) and the system's; the project's files too in
      // the box (without namespaces, world-readable files are readable: the rlimits mode is for a place
      // where nothing else lives, such as the runner image)
      const secrets = [`${cloud.dataDir}/secrets.json`, `${cloud.dataDir}`, '/etc/shadow'];
      const project = [`${process.cwd()}/package.json`, `${process.cwd()}/.git/config`];
      const program = probe(endpoint.hostname, Number(endpoint.port), mode === 'namespaces' ? [...secrets, ...project] : secrets);
      const post = (path: string, json: unknown) => cloud.api(`/api${path}`, { method: 'POST', json, token: student });
      const run = await post('/vpl-run-test3', { task_id: taskId, exe_type: 0, submitted_files: JSON.stringify([{ filename: 'sum.py', filecontent: program }]) });
      expect(run.status).toBe(200);
      const result = await post('/vpl-get-result', { adminticket: run.body.adminticket });
      const output = String(result.body.execution);
      expect(output).toContain('end of probe');
      expect(output).not.toContain('REACHED');
      expect(output).toMatch(/no database/);
      expect(output).not.toContain(cloud.jwtSecret);
      expect(output).not.toContain(cloud.clientSecret);
      expect(output).not.toMatch(/DYNAMODB_ENDPOINT|JWT|AWS_SECRET/);
      expect(output).not.toMatch(/^READ /m);
      expect(output.match(/^not read: /gm)?.length).toBe(mode === 'namespaces' ? 5 : 3);
      // the host's processes are not the program's to see (a box shows its own few; rlimits: /proc of
      // other users' processes lists them, but their environments stay unreadable, checked above)
      if (mode === 'namespaces') expect(Number(/PROCESSES (\d+)/.exec(output)![1])).toBeLessThan(10);
    });
  });
}
