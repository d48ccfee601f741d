/**
 * The countdown machinery on the server, for any timed attempt (competitions now; revisions can call it
 * through this domain's index): the close at the deadline is a one-time job (EventBridge Scheduler in
 * AWS, the local cloud's scheduler locally), so it happens with no client connected; a close is
 * announced on a topic through the platform's sharded fan-out. The rules (deadline, remaining time,
 * save point) are the pure ones of shared/src/rules/countdown.ts.
 */
import type { ServerMessage, Topic } from '@lectio/events';
import { cancelSchedule, scheduleAt } from '../platform/schedules/one-time';
import { publish } from '../platform/ws/publish';
import { logger } from '../platform/http/logger';

/** Schedules (or moves) the close of attempt `id` of `kind` at its deadline. */
export const scheduleClose = (kind: string, id: string, deadline: number, payload: unknown = null) => scheduleAt(kind, id, deadline, payload);

/** Cancels a close that is no longer needed (the attempt was closed earlier). */
export const cancelClose = (kind: string, id: string) => cancelSchedule(kind, id);

/** A `competition.closed` on `topic` (fan-out to every subscriber); failures are logged, never thrown. */
export async function announceClosed(topic: Topic, competitionId: number, userCompId?: number): Promise<void> {
  const message: ServerMessage = { type: 'competition.closed', topic, competitionId, serverNow: Date.now(), ...(userCompId ? { userCompId } : {}) };
  try {
    await publish(topic, message);
  } catch (e) {
    logger.warn('competition close publish failed', { topic, error: String(e) });
  }
}
