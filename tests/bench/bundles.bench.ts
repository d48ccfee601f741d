/**
 * Cold starts of the Lambda bundles (issue 19 part 8): synthesises the CDK app as `npm run synth` does
 * (esbuild bundles in a temporary cloud assembly), then for each function prints its bundle size and the
 * wall time of a fresh Node process that imports it, against a bare Node process (median of 5 each).
 * Budget per domain: ≤ 400 kB minified and ≤ 150 ms to import. Bundles with native addons installed for
 * linux-arm64 (argon2) cannot load on another machine: their import time is shown as n/a.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench } from './run';

/** The AWS SDK's share of a bundle, in kB, from the esbuild metafile synth wrote beside it (null without one). */
function sdkKb(dir: string): number | null {
  const meta = join(dir, 'index.meta.json');
  if (!existsSync(meta)) return null;
  const outputs = (JSON.parse(readFileSync(meta, 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }).outputs;
  const output = Object.entries(outputs).find(([name]) => name.endsWith('.mjs'))?.[1];
  if (!output) return null;
  const sdk = Object.entries(output.inputs).filter(([file]) => /node_modules\/(@aws-sdk|@smithy|@aws-crypto)\//.test(file));
  return sdk.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall time of a fresh Node process running `code` as a module; null when it fails. */
function processMs(code: string, cwd: string): number | null {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd, env: { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-central-1', TABLE_NAME: 'lectio' }, stdio: 'ignore' });
  return r.status === 0 ? performance.now() - t : null;
}

interface Bundle {
  stack: string;
  description: string;
  dir: string;
}

function bundlesOf(outdir: string): Bundle[] {
  const out: Bundle[] = [];
  for (const file of readdirSync(outdir).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(outdir, file), 'utf8')) as { Resources?: Record<string, { Type: string; Properties?: { Description?: string }; Metadata?: Record<string, string> }> };
    for (const resource of Object.values(template.Resources ?? {})) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || !asset || !existsSync(join(outdir, asset, 'index.mjs'))) continue;
      out.push({ stack: file.replace('.template.json', ''), description: String(resource.Properties?.Description ?? asset), dir: join(outdir, asset) });
    }
  }
  return out;
}

async function bundles() {
  const outdir = mkdtempSync(join(tmpdir(), 'lectio-bundles-'));
  try {
    const synth = spawnSync(process.execPath, ['node_modules/aws-cdk/bin/cdk', 'synth', '-q', '-o', outdir], {
      cwd: process.cwd(),
      stdio: 'ignore',
      timeout: 300_000,
      env: { ...process.env, LECTIO_BUNDLE_METAFILE: '1' },
    });
    if (synth.status !== 0) throw new Error('cdk synth failed');
    const bare = median(Array.from({ length: 5 }, () => processMs('', outdir) ?? 0));
    console.log(`bare Node process: ${bare.toFixed(0)} ms`);
    console.log(`${'function'.padEnd(64)} ${'kB'.padStart(7)} ${'AWS SDK'.padStart(8)} ${'import ms'.padStart(10)}  budget (≤ 400 kB, ≤ 150 ms)`);
    for (const b of bundlesOf(outdir).sort((x, y) => x.description.localeCompare(y.description))) {
      const kb = statSync(join(b.dir, 'index.mjs')).size / 1024;
      const url = pathToFileURL(join(b.dir, 'index.mjs')).href;
      const times = Array.from({ length: 5 }, () => processMs(`await import(${JSON.stringify(url)});`, b.dir));
      const ok = times.every((t) => t !== null);
      const importMs = ok ? median(times as number[]) - bare : null;
      const verdict = `size ${kb <= 400 ? 'within' : 'over'}, import ${importMs === null ? 'n/a' : importMs <= 150 ? 'within' : 'over'}`;
      const name = `${b.stack}: ${b.description}`.slice(0, 64);
      const sdk = sdkKb(b.dir);
      console.log(`${name.padEnd(64)} ${kb.toFixed(0).padStart(7)} ${(sdk === null ? 'n/a' : sdk.toFixed(0)).padStart(8)} ${importMs === null ? 'n/a'.padStart(10) : importMs.toFixed(0).padStart(10)}  ${verdict}`);
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export const bundlesBench: Bench = { name: 'bundles', run: () => bundles() };
