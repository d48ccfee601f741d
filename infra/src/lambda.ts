/**
 * One way to build a Lectio Lambda: Node 22 on arm64, an ESM bundle with the AWS SDK inside, X-Ray
 * tracing, and a role that starts with nothing but writing to the function's own log group (no
 * AWSLambdaBasicExecutionRole, whose log rights cover every log group of the account).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { nativeDependencies } from './native-deps';
import { functionEntry, lockFile, repoRoot } from './paths';

export interface LectioFunctionProps {
  /** Entry file relative to `functions/src`; it exports `handler`. */
  entry: string;
  description: string;
  /** MB; 256 unless the code needs more (argon2id hashing needs 512). */
  memorySize?: number;
  timeout?: Duration;
  /** Reserved concurrency (none by default). */
  reservedConcurrentExecutions?: number;
  environment?: Record<string, string>;
  /**
   * Packages installed next to the bundle instead of bundled. Defaults to what the entry's import
   * graph needs for native addons (argon2 ships linux-arm64 prebuilds esbuild cannot inline).
   */
  nodeModules?: string[];
}

/** The packages and their runtime dependencies, recursively, as installed in the workspace. */
export function dependencyClosure(names: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const manifest = join(repoRoot, 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) throw new Error(`${name} is not installed in ${repoRoot}/node_modules`);
    seen.add(name);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    Object.keys(pkg.dependencies ?? {}).forEach(visit);
  };
  names.forEach(visit);
  return [...seen].sort();
}

/** Lets bundled CommonJS dependencies call `require` inside the ESM bundle. */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** Lambda runs linux-arm64 (glibc); prebuilds for other platforms only add to the cold-start download. */
const LAMBDA_PREBUILDS = 'linux-arm64';

export class LectioFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  /** Packages installed beside the bundle (see `nativeDependencies`). */
  readonly nodeModules: string[];

  constructor(scope: Construct, id: string, props: LectioFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs: ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = functionEntry(props.entry);
    const nodeModules = props.nodeModules ?? nativeDependencies(entry);
    this.nodeModules = nodeModules;
    this.fn = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(15),
      ...(props.reservedConcurrentExecutions !== undefined && { reservedConcurrentExecutions: props.reservedConcurrentExecutions }),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // The bundle bench (tests/bench/bundles.bench.ts) reads what each bundle is made of.
        metafile: process.env.LECTIO_BUNDLE_METAFILE === '1',
        externalModules: [],
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        // Native addons stay outside the bundle. They are copied, with their runtime
        // dependencies, from the workspace's node_modules (no `npm ci`, so synth works offline);
        // then any addon compiled for this (x64) machine — node-gyp-build prefers build/Release
        // over prebuilds — and prebuilds for other platforms are removed.
        ...(nodeModules.length > 0 && {
          externalModules: nodeModules,
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir: string, outputDir: string) => [
              `mkdir -p "${outputDir}/node_modules"`,
              ...dependencyClosure(nodeModules).map(
                (name) => `mkdir -p "$(dirname "${outputDir}/node_modules/${name}")" && cp -R "${repoRoot}/node_modules/${name}" "${outputDir}/node_modules/${name}"`,
              ),
              ...nodeModules.flatMap((name) => {
                const dir = `${outputDir}/node_modules/${name}`;
                return [
                  `rm -rf "${dir}/build"`,
                  `if [ -d "${dir}/prebuilds" ]; then find "${dir}/prebuilds" -mindepth 1 -maxdepth 1 ! -name ${LAMBDA_PREBUILDS} -exec rm -rf {} +; fi`,
                ];
              }),
            ],
          },
        }),
      },
    });
  }
}
