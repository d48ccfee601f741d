/**
 * Lectio's C helpers of the sandbox (vpl-pty: a terminal; vpl-box: one box per job; vpl-guard: closes
 * inherited descriptors and, without namespaces, filters system calls; vpl-nodump: a preload library that
 * makes a worker undumpable), compiled once per source version beside the job directories. A runner image
 * ships them prebuilt and names them in JUDGE_*_HELPER.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type HelperName = 'vpl-pty' | 'vpl-box' | 'vpl-guard' | 'vpl-nodump';

/**
 * The compiled helper's host path, or null when it cannot be built (no gcc) and no prebuilt one exists.
 * Another domain's helper (the kernels' kernel-uid) names its own source file.
 */
export function buildHelper(base: string, name: HelperName | string, libs: string[], prebuilt?: string, sourceFile = new URL(`./${name}.c`, import.meta.url)): string | null {
  if (prebuilt && existsSync(prebuilt)) return prebuilt;
  try {
    const source = readFileSync(sourceFile, 'utf8');
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
    const tools = join(base, 'tools');
    const shared = name === 'vpl-nodump';
    const target = join(tools, `${name}-${hash}${shared ? '.so' : ''}`);
    if (existsSync(target)) return target;
    mkdirSync(tools, { recursive: true, mode: 0o755 });
    const src = join(tools, `${name}-${hash}-${process.pid}.c`);
    writeFileSync(src, source);
    const tmp = `${target}.${process.pid}`;
    const r = spawnSync('/usr/bin/gcc', ['-O2', ...(shared ? ['-shared', '-fPIC'] : []), '-o', tmp, src, ...libs], {
      env: { PATH: '/usr/bin:/bin' },
      timeout: 60_000,
    });
    rmSync(src, { force: true });
    if (r.status !== 0) return null;
    renameSync(tmp, target);
    return target;
  } catch {
    return null;
  }
}
