/**
 * LectioAlarms: what an operator is woken for, each alarm notifying one SNS topic (subscribe an address or
 * a chat hook to it after deploying):
 * - HTTP API 5xx rate above 1 % of requests for 15 minutes (a bug or a dependency down);
 * - table stream consumer iterator age above a minute (projections and pushes falling behind);
 * - a message in a dead-letter queue (judge jobs, one-time jobs that failed every retry);
 * - the oldest judge job waiting more than two minutes (runners short or stuck).
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface AlarmsStackProps extends StackProps {
  httpApi: HttpApi;
  streamHandler: IFunction;
  judgeQueue: IQueue;
  deadLetterQueues: Record<string, IQueue>;
}

export class AlarmsStack extends Stack {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsStackProps) {
    super(scope, id, props);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Lectio alarms' });
    const notify = new SnsAction(this.topic);
    const alarm = (name: string, settings: ConstructorParameters<typeof Alarm>[2]) => new Alarm(this, name, settings).addAlarmAction(notify);

    const apiMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.httpApi.apiId, Stage: '$default' }, statistic: 'Sum', period: Duration.minutes(5) });
    alarm('Http5xxRate', {
      alarmDescription: 'Lectio HTTP API: more than 1 % of requests answered 5xx for 15 minutes',
      metric: new MathExpression({ expression: '100 * errors / MAX([requests, 1])', usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') }, period: Duration.minutes(5), label: '5xx %' }),
      threshold: 1,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm('StreamIteratorAge', {
      alarmDescription: 'Lectio table stream consumer: records older than a minute (projections and pushes behind)',
      metric: props.streamHandler.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) }),
      threshold: 60_000,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(`DeadLetters${name}`, {
        alarmDescription: `Lectio ${name}: a message in the dead-letter queue (failed every retry)`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
    alarm('JudgeQueueAge', {
      alarmDescription: 'Lectio judge: the oldest job has waited more than two minutes',
      metric: props.judgeQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: Duration.minutes(1) }),
      threshold: 120,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
