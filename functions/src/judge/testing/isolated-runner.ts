/**
 * The runner Lambda's situation on one machine, for runner-isolation.test.ts: started by the test as an
 * unprivileged uid (the learner's programs run as that same uid, as in Lambda) with JUDGE_SANDBOX=rlimits
 * and, unless the test leaves it out, LD_PRELOAD of vpl-nodump (as the runner image). Reads one runner
 * event (with per-job keys, held in memory as the real runner holds them) on stdin, runs the runner's
 * handler and writes its result as JSON on stdout.
 */
import { handler, type RunnerEvent } from '../runner';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const event = JSON.parse(input) as RunnerEvent;
try {
  const result = await handler(event);
  process.stdout.write(JSON.stringify({ result }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: (error as Error).message }));
}
