/**
 * Publish reports as metrics (CloudWatch EMF through Powertools; disabled locally and in tests). One
 * record a shard, wherever it was published (here, a local worker, a shard publisher Lambda): the sums
 * of `Delivered`, `Gone` and `Failed` over a push are its totals; `ShardDuration` is one shard's time.
 * One record a publish where the publisher waits for its shards: `PublishDuration`, the time until the
 * last shard answered. The dimension is the topic's kind, never its id (a competition a dimension
 * would be a metric a competition).
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { parseTopic, type Topic } from '@lectio/events';
import { metrics } from '../http/metrics';
import type { PublishReport, ShardReport } from './publish';

const kindOf = (topic: string) => parseTopic(topic as Topic).kind;

export function recordShard(topic: string, report: ShardReport): void {
  const single = metrics.singleMetric();
  single.addDimension('topicKind', kindOf(topic));
  single.addMetric('Delivered', MetricUnit.Count, report.delivered);
  single.addMetric('Gone', MetricUnit.Count, report.gone);
  single.addMetric('Failed', MetricUnit.Count, report.failed);
  single.addMetric('ShardDuration', MetricUnit.Milliseconds, report.durationMs);
}

export function recordPublish(topic: string, report: PublishReport): void {
  const single = metrics.singleMetric();
  single.addDimension('topicKind', kindOf(topic));
  // Handed-off shards report their own duration; the publish's own is then only the hand-off.
  single.addMetric(report.dispatched ? 'DispatchDuration' : 'PublishDuration', MetricUnit.Milliseconds, report.durationMs);
  single.addMetric('Shards', MetricUnit.Count, report.shards);
}
