/** Web hosting and content: private bucket, CloudFront with OAC and security headers, config.json. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { contentSecurityPolicy } from '../src/content-security-policy';
import { SPA_FALLBACK } from '../src/stacks/web-stack';
import { repoRoot } from '../src/paths';
import { buildApp, synthesize, TEST_ENV, type Json, type Synthesized } from './synth';

let s: Synthesized;
let web: Template;
let content: Template;

beforeAll(() => {
  s = synthesize();
  web = s.templates.LectioWeb!;
  content = s.templates.LectioWebContent!;
});
afterAll(() => s?.dispose());

describe('LectioWeb', () => {
  it('keeps the bucket private, encrypted and TLS-only', () => {
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
          }),
        ]),
      },
    });
    web.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('serves the SPA through CloudFront with Origin Access Control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    });
    web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_FALLBACK,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('gives client-side routes the app shell and asks the bucket for files as they are', () => {
    const handler = new Function(`${SPA_FALLBACK}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const uri = (path: string) => handler({ request: { uri: path } }).uri;
    for (const route of ['/', '/lesson/3/task/7/', '/no_such_route/2']) expect(uri(route), route).toBe('/index.html');
    expect(uri('/login')).toBe('/login.html');
    // A route with a screen: its own app shell (its chunks named in the head), for each of its paths.
    expect(uri('/courses/12')).toBe('/screens/courses.html');
    expect(uri('/chapter_content/2')).toBe('/screens/chapter_content.html');
    expect(uri('/show_kernels/')).toBe('/screens/show_kernels.html');
    expect(uri('/login/extra')).toBe('/screens/login.html');
    for (const file of ['/index.html', '/config.json', '/assets/index-3f2a.js', '/favicon.ico', '/flags/sk.svg'])
      expect(uri(file), file).toBe(file);
  });

  it('sends a strict Content-Security-Policy, HSTS and the other security headers', () => {
    const csp = contentSecurityPolicy(TEST_ENV.region);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self' https://*.execute-api.eu-central-1.amazonaws.com wss://*.execute-api.eu-central-1.amazonaws.com",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ]) {
      expect(csp.split('; ')).toContain(directive);
    }
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
  });
});

describe('LectioWebContent', () => {
  const deployments = () => Object.values(content.findResources('Custom::CDKBucketDeployment') as Record<string, Json>);

  it('uploads hashed assets (immutable, never pruned) before the shell (no-cache, pruned)', () => {
    const all = Object.entries(content.findResources('Custom::CDKBucketDeployment') as Record<string, Json>);
    expect(all).toHaveLength(2);
    const [assetsId, assets] = all.find(([, d]) => d.Properties.Prune === false)!;
    const [, shell] = all.find(([, d]) => d.Properties.Prune === true)!;
    expect(assets.Properties.Include).toEqual(['assets/*']);
    expect(JSON.stringify(assets.Properties.SystemMetadata)).toContain('immutable');
    expect(shell.Properties.Exclude).toEqual(['assets/*']);
    expect(JSON.stringify(shell.Properties.SystemMetadata)).toContain('no-cache');
    expect(shell.DependsOn).toContain(assetsId);
  });

  it('generates config.json with the API endpoints, client 2, the secret at deploy time and the version', () => {
    const shell = deployments().find((d) => d.Properties.Prune === true)!;
    const markers = JSON.stringify(shell.Properties.SourceMarkers);
    expect(markers).toMatch(/"LectioApi:ExportsOutputFnGetAttHttpApi\w*ApiEndpoint\w*"/);
    expect(markers).toMatch(/"LectioRealtime:ExportsOutputRefWebSocketApi\w*"/);
    // The client secret is resolved by CloudFormation at deploy time, never written into a template.
    expect(markers).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:clientSecret::\}\}/);

    // The JSON itself is a staged asset of the assembly, with markers where deploy-time values go.
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const config = stagedConfigJson(s);
    expect(Object.keys(config).sort()).toEqual(['apiBase', 'clientId', 'clientSecret', 'version', 'wsUrl']);
    expect(config).toMatchObject({ clientId: 2, version });
    const marker = '<<marker:0xbaba:\\d+>>';
    expect(config.apiBase).toMatch(new RegExp(`^${marker}$`));
    expect(config.clientSecret).toMatch(new RegExp(`^${marker}$`));
    expect(config.wsUrl).toMatch(new RegExp(`^wss://${marker}\\.execute-api\\.eu-central-1\\.${marker}/prod$`));
  });

  it('is left out until web/dist exists, so synth works before a build', () => {
    const { stacks, dispose } = buildApp({ webDistPath: join(repoRoot, 'web', 'no-such-dist') });
    dispose();
    expect(stacks.webContent).toBeUndefined();
  });
});

/** The staged config.json of Source.jsonData (an asset directory holding just that file). */
function stagedConfigJson(synth: Synthesized): Json {
  const outdir = synth.app.outdir;
  const dir = readdirSync(outdir).find((d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'config.json')));
  expect(dir).toBeDefined();
  return JSON.parse(readFileSync(join(outdir, dir!, 'config.json'), 'utf8')) as Json;
}
