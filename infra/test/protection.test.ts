/** Issue 8: throttling, reserved concurrency, access logs and narrow table rights, on the synthesised templates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { activeDomains } from '@lectio/shared';
import {
  ACCOUNTS_RESERVED_CONCURRENCY,
  HTTP_STAGE_THROTTLE,
  ITEM_ACCESS,
  SENSITIVE_ROUTES,
  SENSITIVE_ROUTE_THROTTLE,
  WS_STAGE_THROTTLE,
} from '../src/protection';
import { actionsOf, ids, synthesize, type Json, type Synthesized } from './synth';

let s: Synthesized;
let api: Template;
let realtime: Template;

beforeAll(() => {
  s = synthesize();
  api = s.templates.LectioApi!;
  realtime = s.templates.LectioRealtime!;
});
afterAll(() => s?.dispose());

const only = (t: Template, type: string) => Object.values(t.findResources(type) as Record<string, Json>);

describe('HTTP API stage', () => {
  it('throttles every route, and the password and registration routes tighter', () => {
    const [stage] = only(api, 'AWS::ApiGatewayV2::Stage');
    expect(stage!.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: HTTP_STAGE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: HTTP_STAGE_THROTTLE.burstLimit,
    });
    const routes = stage!.Properties.RouteSettings as Record<string, Json>;
    for (const key of ['POST /oauth/token', 'POST /register', 'POST /finishreg', 'POST /pwd-change-mail', 'POST /pwd-confirm-code', 'POST /pwd-change-pwd']) {
      expect(routes[key], key).toEqual({
        ThrottlingRateLimit: SENSITIVE_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: SENSITIVE_ROUTE_THROTTLE.burstLimit,
      });
    }
    expect(SENSITIVE_ROUTE_THROTTLE.rateLimit).toBeLessThan(HTTP_STAGE_THROTTLE.rateLimit);
    // Every throttled route key exists in the registry (a typo would throttle nothing).
    const routeKeys = only(api, 'AWS::ApiGatewayV2::Route').map((r) => r.Properties.RouteKey as string);
    for (const key of Object.keys(routes)) expect(routeKeys).toContain(key);
    expect(Object.keys(routes).sort()).toEqual(SENSITIVE_ROUTES.filter((k) => routeKeys.includes(k)).sort());
  });

  it('writes JSON access logs to a log group with retention', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context.identity.sourceIp'),
      },
    });
    api.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });
});

describe('WebSocket API stage', () => {
  it('is throttled and logs its connections', () => {
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'prod',
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: WS_STAGE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: WS_STAGE_THROTTLE.burstLimit,
      }),
      AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('\\$context.connectionId') }),
    });
  });
});

describe('Lambdas', () => {
  it('reserve concurrency for the accounts function only', () => {
    const accounts = ids(s.stacks.api.domainFunctions.get('accounts')!).function;
    const fns = api.findResources('AWS::Lambda::Function') as Record<string, Json>;
    expect(fns[accounts]!.Properties.ReservedConcurrentExecutions).toBe(ACCOUNTS_RESERVED_CONCURRENCY);
    for (const [id, fn] of Object.entries(fns)) if (id !== accounts) expect(fn.Properties.ReservedConcurrentExecutions, id).toBeUndefined();
  });

  it('give every function item access to the table, never Scan or table administration', () => {
    const holders: Array<[Template, string]> = [
      ...activeDomains().map((d): [Template, string] => [api, ids(s.stacks.api.domainFunctions.get(d)!).role]),
      [realtime, ids(s.stacks.realtime.wsHandler).role],
      [realtime, ids(s.stacks.realtime.streamHandler).role],
      [realtime, ids(s.stacks.realtime.scheduleHandler).role],
    ];
    for (const [t, role] of holders) {
      const dynamo = [...actionsOf(t, role)].filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo, role).toEqual(expect.arrayContaining(ITEM_ACCESS));
      for (const forbidden of ['dynamodb:Scan', 'dynamodb:DeleteTable', 'dynamodb:UpdateTable', 'dynamodb:DescribeTable']) {
        expect(dynamo, `${role}: ${forbidden}`).not.toContain(forbidden);
      }
    }
    // Only the streams function reads the stream.
    expect([...actionsOf(api, ids(s.stacks.api.domainFunctions.get('accounts')!).role)]).not.toContain('dynamodb:GetRecords');
  });
});
