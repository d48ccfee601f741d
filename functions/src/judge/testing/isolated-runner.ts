/**
 * The runner Lambda's situation on one machine, for runner-isolation.test.ts: started by the test as an
 * unprivileged uid (the learner's programs run as that same uid, as in Lambda) with JUDGE_SANDBOX=rlimits
 * and, unless the test leaves it out, LD_PRELOAD of vpl-nodump (as the runner image). Reads runner events
 * (a JSON list; each with per-job keys, held in memory as the real runner holds them) on stdin and runs
 * them one after the other in this process, as invocations of one reused Lambda environment; writes their
 * results (or errors) as a JSON list on stdout.
 */
import { handler, type RunnerEvent } from '../runner';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers: unknown[] = [];
for (const event of JSON.parse(input) as RunnerEvent[]) {
  try {
    answers.push({ result: await handler(event) });
  } catch (error) {
    answers.push({ error: (error as Error).message });
  }
}
process.stdout.write(JSON.stringify(answers));
