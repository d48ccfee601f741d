/** LectioAlarms: each alarm an operator needs, on the right metric and threshold, notifying one topic. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { synthesize, type Json, type Synthesized } from './synth';

let s: Synthesized;
let alarms: Template;
beforeAll(() => {
  s = synthesize();
  alarms = s.templates.LectioAlarms!;
});
afterAll(() => s?.dispose());

const all = () => Object.values(alarms.findResources('AWS::CloudWatch::Alarm') as Record<string, Json>).map((a) => a.Properties);
const byDescription = (pattern: RegExp) => all().filter((a) => pattern.test(String(a.AlarmDescription)));

describe('LectioAlarms', () => {
  it('every alarm notifies the one alarm topic', () => {
    alarms.resourceCountIs('AWS::SNS::Topic', 1);
    const topic = Object.keys(alarms.findResources('AWS::SNS::Topic'))[0]!;
    expect(all().length).toBe(5);
    for (const a of all()) expect(a.AlarmActions).toEqual([{ Ref: topic }]);
  });

  it('HTTP 5xx: more than 1 % of requests over three 5-minute periods', () => {
    const [http] = byDescription(/HTTP API/);
    expect(http).toMatchObject({ Threshold: 1, EvaluationPeriods: 3, ComparisonOperator: 'GreaterThanThreshold' });
    const expression = (http!.Metrics as Json[]).find((m) => m.Expression);
    expect(expression!.Expression).toBe('100 * errors / MAX([requests, 1])');
    const names = (http!.Metrics as Json[]).filter((m) => m.MetricStat).map((m) => m.MetricStat.Metric.MetricName).sort();
    expect(names).toEqual(['5xx', 'Count']);
  });

  it('stream iterator age above a minute, dead letters of the judge and of one-time jobs, judge queue age above two minutes', () => {
    expect(byDescription(/stream consumer/)[0]).toMatchObject({ MetricName: 'IteratorAge', Namespace: 'AWS/Lambda', Statistic: 'Maximum', Threshold: 60000 });
    const dead = byDescription(/dead-letter/);
    expect(dead.map((a) => a.MetricName)).toEqual(['ApproximateNumberOfMessagesVisible', 'ApproximateNumberOfMessagesVisible']);
    expect(dead.map((a) => a.AlarmDescription).join(' ')).toMatch(/Judge.*OneTimeJobs/);
    expect(byDescription(/oldest job/)[0]).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Threshold: 120, Namespace: 'AWS/SQS' });
    alarms.hasResourceProperties('AWS::CloudWatch::Alarm', { TreatMissingData: 'notBreaching', Dimensions: Match.anyValue() });
  });
});
