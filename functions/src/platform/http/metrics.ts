/**
 * One Powertools Metrics instance per container (CloudWatch EMF). What an operator charts:
 * requests, client errors and server errors per route. Disabled locally and in tests
 * (POWERTOOLS_METRICS_DISABLED), where nobody collects them.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const metrics = new Metrics({ namespace: 'Lectio', serviceName: 'lectio' });

export function countRequest(route: string, status: number): void {
  const single = metrics.singleMetric();
  single.addDimension('route', route);
  single.addMetric(status >= 500 ? 'ServerErrors' : status >= 400 ? 'ClientErrors' : 'Requests', MetricUnit.Count, 1);
}

/** One WebSocket action answered (`subscribe`, `ping`, `judge.input` …), by the status it got. */
export function countWsAction(action: string, status: number): void {
  const single = metrics.singleMetric();
  single.addDimension('action', action);
  single.addMetric(status >= 500 ? 'WsActionErrors' : status >= 400 ? 'WsActionRefusals' : 'WsActions', MetricUnit.Count, 1);
}

/** One run of a recurring schedule or a one-time job (`job {kind}`), by outcome. */
export function countScheduleRun(schedule: string, outcome: 'ok' | 'failed'): void {
  const single = metrics.singleMetric();
  single.addDimension('schedule', schedule);
  single.addMetric(outcome === 'ok' ? 'ScheduleRuns' : 'ScheduleFailures', MetricUnit.Count, 1);
}
