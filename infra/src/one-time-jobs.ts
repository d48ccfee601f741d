/**
 * One-time jobs in AWS (functions/src/platform/schedules/one-time.ts): an EventBridge Scheduler group for
 * the `at(…)` schedules domain code creates (each deleted after it runs), the role the scheduler assumes,
 * which may invoke the schedule handler and nothing else, and a dead-letter queue for invocations that
 * failed every retry. `allow(fn)` lets a domain function create and delete schedules in the group only and
 * hand over that role only, and tells it where everything is (SCHEDULE_* variables). The minute sweep of
 * the schedule catalogue (`one-time-sweep`) runs what is due if a schedule is ever lost.
 */
import { Arn, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export class OneTimeJobs extends Construct {
  readonly group: ScheduleGroup;
  readonly role: Role;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, private readonly target: IFunction) {
    super(scope, id);
    this.group = new ScheduleGroup(this, 'Group', { scheduleGroupName: 'lectio-one-time' });
    this.deadLetters = new Queue(this, 'DeadLetters', { retentionPeriod: Duration.days(14) });
    this.role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'Lectio one-time jobs: invokes the schedule handler, nothing else',
    });
    target.grantInvoke(this.role);
    this.deadLetters.grantSendMessages(this.role);
  }

  /** Lets a domain function schedule and cancel one-time jobs. */
  allow(fn: LambdaFunction): void {
    const schedulesOfGroup = Arn.format(
      { service: 'scheduler', resource: 'schedule', resourceName: `${this.group.scheduleGroupName}/*` },
      Stack.of(this),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'], resources: [schedulesOfGroup] }));
    this.role.grantPassRole(fn.grantPrincipal);
    fn.addEnvironment('SCHEDULE_GROUP', this.group.scheduleGroupName);
    fn.addEnvironment('SCHEDULE_TARGET_ARN', this.target.functionArn);
    fn.addEnvironment('SCHEDULE_ROLE_ARN', this.role.roleArn);
    fn.addEnvironment('SCHEDULE_DLQ_ARN', this.deadLetters.queueArn);
  }
}
