/** Data, API and real-time stacks: what the registry, the table definition and the catalogue ask for. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { activeDomains, routeKey, routeList } from '@lectio/shared';
import { tableDefinition } from '@lectio/functions/platform/db/schema';
import { environment } from '@lectio/functions/platform/env';
import { schedules } from '@lectio/functions/platform/schedules/catalogue';
import { ids, synthesize, type Json, type Synthesized } from './synth';

let s: Synthesized;
let api: Template;
let realtime: Template;
let data: Template;

beforeAll(() => {
  // With validation: a finding of CloudFormation's default rules fails this synthesis.
  s = synthesize({ validate: true });
  api = s.templates.LectioApi!;
  realtime = s.templates.LectioRealtime!;
  data = s.templates.LectioData!;
});
afterAll(() => s?.dispose());

const resourcesOf = (t: Template, type: string) => t.findResources(type) as Record<string, Json>;

describe('LectioData', () => {
  it('builds the single table from functions/src/platform/db/schema.ts', () => {
    const attributes = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
    data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: Match.arrayWith(attributes),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });

  it('generates one JSON secret with jwtSecret and clientSecret', () => {
    const secret = Object.values(resourcesOf(data, 'AWS::SecretsManager::Secret')).find(
      (r) => r.Properties.GenerateSecretString.GenerateStringKey === 'jwtSecret',
    );
    expect(secret).toBeDefined();
    expect(JSON.stringify(secret!.Properties.GenerateSecretString.SecretStringTemplate)).toContain('clientSecret');
  });
});

describe('LectioApi', () => {
  it('has one Lambda per active domain, with entry functions/src/<domain>/handler.ts', () => {
    expect([...s.stacks.api.domainFunctions.keys()].sort()).toEqual([...activeDomains()].sort());
    expect(Object.keys(resourcesOf(api, 'AWS::Lambda::Function'))).toHaveLength(activeDomains().length);
  });

  it('has exactly one route per registry entry, integrated with its domain Lambda', () => {
    const routes = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route'));
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(
      routeList()
        .map(([, r]) => routeKey(r))
        .sort(),
    );

    const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration');
    for (const [name, route] of routeList()) {
      const res = routes.find((r) => r.Properties.RouteKey === routeKey(route));
      expect(res, name).toBeDefined();
      const target = res!.Properties.Target['Fn::Join'][1][1].Ref as string;
      const uri = integrations[target]!.Properties.IntegrationUri['Fn::GetAtt'][0];
      expect(uri, name).toBe(ids(s.stacks.api.domainFunctions.get(route.domain)!).function);
    }
  });

  it('allows CORS from the web origin only', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: [
          {
            'Fn::Join': [
              '',
              ['https://', { 'Fn::ImportValue': Match.stringLikeRegexp('^LectioWeb:.*Distribution.*DomainName') }],
            ],
          },
        ],
      }),
    });
  });

  it('installs argon2 beside the bundle of every domain whose code imports it', () => {
    expect(s.stacks.api.domainFunctions.get('accounts')!.nodeModules).toEqual(['argon2']);
    for (const fn of [s.stacks.realtime.wsHandler, s.stacks.realtime.streamHandler, s.stacks.realtime.scheduleHandler, s.stacks.realtime.publishShardHandler])
      expect(fn.nodeModules, fn.node.path).toEqual([]);
  });

  it('configures accounts for argon2id and SES', () => {
    const accounts = ids(s.stacks.api.domainFunctions.get('accounts')!);
    const fn = resourcesOf(api, 'AWS::Lambda::Function')[accounts.function]!.Properties;
    expect(fn.MemorySize).toBe(512);
    expect(fn.Environment.Variables).toMatchObject({ MAIL_TRANSPORT: 'ses', MAIL_FROM: expect.any(String) });
  });
});

describe('LectioRealtime', () => {
  it('routes $connect, $disconnect and $default to the ws handler', () => {
    const ws = ids(s.stacks.realtime.wsHandler).function;
    const routes = Object.values(resourcesOf(realtime, 'AWS::ApiGatewayV2::Route'));
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    const integrations = resourcesOf(realtime, 'AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const target = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const uri = JSON.stringify(integrations[target]!.Properties.IntegrationUri);
      expect(uri).toContain(ws);
    }
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod', AutoDeploy: true });
  });

  it('consumes the table stream in batches with partial failures', () => {
    realtime.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ids(s.stacks.realtime.streamHandler).function },
      EventSourceArn: { 'Fn::ImportValue': Match.stringLikeRegexp('StreamArn') },
      BatchSize: 100,
      MaximumRetryAttempts: 3,
      BisectBatchOnFunctionError: true,
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('fans a wide topic out through one asynchronous invocation of the shard publisher a shard', () => {
    const publisher = ids(s.stacks.realtime.publishShardHandler).function;
    const fns = resourcesOf(realtime, 'AWS::Lambda::Function');
    expect(fns[publisher]!.Properties.Handler).toBe('index.handler');
    const stream = fns[ids(s.stacks.realtime.streamHandler).function]!.Properties.Environment.Variables;
    expect(stream.PUBLISH_SHARD_FUNCTION).toEqual({ Ref: publisher });
    realtime.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: publisher },
      MaximumRetryAttempts: 1,
      MaximumEventAgeInSeconds: 60,
    });
  });

  it('gives the pushing functions the management endpoint of stage prod', () => {
    const fns = resourcesOf(realtime, 'AWS::Lambda::Function');
    // the schedules function too: a one-time job closes a competition and announces it
    for (const fn of [s.stacks.realtime.wsHandler, s.stacks.realtime.streamHandler, s.stacks.realtime.publishShardHandler, s.stacks.realtime.scheduleHandler]) {
      const endpoint = JSON.stringify(fns[ids(fn).function]!.Properties.Environment.Variables.WS_MANAGEMENT_ENDPOINT);
      expect(endpoint).toMatch(
        /^\{"Fn::Join":\["",\["https:\/\/",\{"Ref":"WebSocketApi\w+"\},".execute-api.eu-central-1./,
      );
      expect(endpoint).toContain('/prod');
    }
  });

  it('has one schedule per catalogue entry, invoking the schedules Lambda with its name', () => {
    const fn = ids(s.stacks.realtime.scheduleHandler).function;
    const found = Object.values(resourcesOf(realtime, 'AWS::Scheduler::Schedule'));
    expect(found).toHaveLength(schedules.length);
    for (const job of schedules) {
      realtime.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: job.expression,
        State: 'ENABLED',
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [fn, 'Arn'] },
          Input: JSON.stringify({ schedule: job.name }),
        }),
      });
    }
  });
});

describe('every Lectio Lambda', () => {
  it('runs Node 22 on arm64 with tracing, source maps and the common environment', () => {
    for (const t of [api, realtime]) {
      for (const [id, fn] of Object.entries(resourcesOf(t, 'AWS::Lambda::Function'))) {
        const p = fn.Properties;
        expect(p.Runtime, id).toBe('nodejs22.x');
        expect(p.Architectures, id).toEqual(['arm64']);
        expect(p.Handler, id).toBe('index.handler');
        expect(p.TracingConfig, id).toEqual({ Mode: 'Active' });
        expect(p.Environment.Variables, id).toMatchObject({
          NODE_OPTIONS: '--enable-source-maps',
          TABLE_NAME: { 'Fn::ImportValue': expect.stringMatching(/^LectioData:/) },
          PUBLIC_URL: expect.anything(),
        });
        expect(p.MemorySize, id).toBeGreaterThanOrEqual(256);
      }
    }
  });

  it('sets only variables the functions declare in their environment schema (platform/config.ts)', () => {
    const known = new Set([...Object.keys(environment), 'NODE_OPTIONS', 'AWS_NODEJS_CONNECTION_REUSE_ENABLED', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE']);
    for (const t of Object.values(s.templates)) {
      // Lectio's own functions (CDK's custom-resource providers set their own variables)
      for (const [id, fn] of Object.entries(resourcesOf(t, 'AWS::Lambda::Function')).filter(([, f]) => String(f.Properties.Description ?? '').startsWith('Lectio'))) {
        const names = Object.keys(fn.Properties.Environment?.Variables ?? {});
        expect(names.filter((name) => !known.has(name)), id).toEqual([]);
      }
    }
  });

  it('logs to its own log group kept for one month', () => {
    for (const t of [api, realtime]) {
      const groups = resourcesOf(t, 'AWS::Logs::LogGroup');
      for (const [id, fn] of Object.entries(resourcesOf(t, 'AWS::Lambda::Function'))) {
        const group = fn.Properties.LoggingConfig.LogGroup.Ref as string;
        expect(groups[group]?.Properties.RetentionInDays, id).toBe(30);
      }
    }
  });
});
