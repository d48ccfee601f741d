/**
 * Builds the Lectio app the way `cdk synth` does (context from the root cdk.json) but without
 * bundling, and hands back the stacks and their templates. Each test file calls it once.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { createLectioStacks, type LectioStacks } from '../src/app';
import type { LectioFunction } from '../src/lambda';
import { repoRoot } from '../src/paths';

export const TEST_ENV = { account: '123456789012', region: 'eu-central-1' };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A stand-in for `web/dist`, so that LectioWebContent is part of the app. */
export function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lectio-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("lectio")');
  return dir;
}

export interface BuildOptions {
  webDistPath?: string;
  context?: Record<string, unknown>;
  /**
   * Run CDK's built-in CloudFormation rule validation (what `cdk synth` does; errors fail the
   * synthesis under the recommended flags). It costs about 3 s, so one test file turns it on.
   */
  validate?: boolean;
}

export function buildApp(options: BuildOptions = {}) {
  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Json };
  const app = new App({
    context: { ...cdkJson.context, ...options.context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.validate ?? false,
    treeMetadata: false,
  });
  const fakeDist = options.webDistPath === undefined ? fakeWebBuild() : undefined;
  /** The assembly (in a temp dir, with a 20 MB AWS CLI layer) and the fake build are not kept. */
  const dispose = () => {
    for (const dir of [app.outdir, fakeDist]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const stacks = createLectioStacks(app, { env: TEST_ENV, webDistPath: options.webDistPath ?? fakeDist });
    return { app, stacks, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

export interface Synthesized {
  app: App;
  stacks: LectioStacks;
  templates: Record<string, Template>;
  all: Stack[];
  dispose: () => void;
}

export function synthesize(options?: BuildOptions): Synthesized {
  const { app, stacks, dispose } = buildApp(options);
  try {
    app.synth();
  } catch (error) {
    dispose();
    throw error;
  }
  const all = [stacks.data, stacks.web, stacks.realtime, stacks.judge, stacks.kernels, stacks.api, stacks.alarms, ...(stacks.webContent ? [stacks.webContent] : [])];
  const templates = Object.fromEntries(all.map((st) => [st.stackName, Template.fromStack(st)]));
  return { app, stacks, templates, all, dispose };
}

/** Logical ids of a LectioFunction's Lambda and role within its stack. */
export function ids(fn: LectioFunction) {
  const stack = Stack.of(fn);
  return {
    function: stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction),
    role: stack.getLogicalId(fn.role.node.defaultChild as CfnRole),
  };
}

export interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown[];
  Condition?: Json;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const normalise = (s: Json): Statement => ({
  Effect: s.Effect,
  Action: list(s.Action ?? s.NotAction),
  Resource: list(s.Resource ?? s.NotResource),
  ...(s.Condition ? { Condition: s.Condition } : {}),
});

/** Every identity-policy statement of a template: AWS::IAM::Policy, ManagedPolicy and inline role policies. */
export function iamStatements(template: Template): Array<Statement & { roles: string[]; policy: string }> {
  const out: Array<Statement & { roles: string[]; policy: string }> = [];
  const resources = template.toJSON().Resources as Record<string, Json>;
  for (const [id, res] of Object.entries(resources)) {
    const props = res.Properties ?? {};
    if (res.Type === 'AWS::IAM::Policy' || res.Type === 'AWS::IAM::ManagedPolicy') {
      const roles = list(props.Roles).map((r: Json) => r.Ref as string);
      for (const s of list(props.PolicyDocument?.Statement)) out.push({ ...normalise(s as Json), roles, policy: id });
    }
    if (res.Type === 'AWS::IAM::Role') {
      for (const p of list(props.Policies) as Json[]) {
        for (const s of list(p.PolicyDocument?.Statement))
          out.push({ ...normalise(s as Json), roles: [id], policy: id });
      }
    }
  }
  return out;
}

/** The statements attached to one role. */
export const statementsOf = (template: Template, roleId: string) =>
  iamStatements(template).filter((s) => s.roles.includes(roleId));

export const actionsOf = (template: Template, roleId: string) =>
  new Set(statementsOf(template, roleId).flatMap((s) => s.Action));
