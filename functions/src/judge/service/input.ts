/**
 * Terminal input of interactive runs, from the WebSocket handler to the worker running the job. In the
 * local cloud the worker pool registers itself here; in AWS no sink is registered (the design for input to
 * a runner Lambda — a DynamoDB channel the runner polls — is in infra/README.md), so input is refused.
 */
import { ownsTicket } from './job-record';

type Sink = (ticket: string, text: string) => boolean;
let sink: Sink | null = null;

export function registerInputSink(s: Sink) {
  sink = s;
}

/** Forwards typed text to the caller's own running job; false when it is not theirs or not running here. */
export async function judgeInput(userId: number, ticket: string, text: string): Promise<boolean> {
  if (!sink || !(await ownsTicket(ticket, userId))) return false;
  return sink(ticket, text);
}
