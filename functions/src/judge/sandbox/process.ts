/**
 * One process of a job and its supervision by the worker: how it starts (entered into the job's box by
 * `vpl-box run`, or through sh → prlimit → setpriv → bwrap/env → vpl-guard), and the worker's watch over it
 * (output cap, wall time, cgroup CPU, OOM count), the same in every set-up. Its outcome says which limit
 * ended it, if any.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { JobCgroups } from './cgroups';
import { BOX_GUARD, BOX_PTY, BWRAP, bwrapArgs, PRLIMIT, SETPRIV, type SandboxEnvironment } from './environment';
import type { SandboxLimits } from './limits';

export interface RunOptions {
  argv: string[];
  env?: Record<string, string>;
  limits: SandboxLimits;
  /** Text written to stdin and then closed; `null` keeps stdin open for `write` (interactive runs). */
  input?: string | null;
  /** stderr goes into the same stream as stdout (as on a terminal). Default true. */
  mergeStderr?: boolean;
  /** Output as it arrives (already cut at the output limit). */
  onOutput?: (text: string) => void;
  /**
   * Run on a terminal (vpl-pty): stdout and stderr in one stream in write order, input line by line, echo
   * off. Default true when the helper exists.
   */
  terminal?: boolean;
}

export interface ProcessOutcome {
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  cpuExceeded: boolean;
  memoryExceeded: boolean;
  outputExceeded: boolean;
  killed: boolean;
  /** stdout (+ stderr when merged), cut at the output limit. */
  output: string;
  stderr: string;
  outputBytes: number;
  /** On a terminal: output bytes that had arrived when the last input line was sent (VPL's "before"). */
  inputEndOffset: number | null;
  wallMs: number;
}

export interface SandboxProcess {
  write(text: string): void;
  closeInput(): void;
  /** Ends the whole process tree (stop button, interrupted run). */
  kill(): void;
  readonly done: Promise<ProcessOutcome>;
}

/** What a process needs of its job's sandbox. */
export interface ProcessHost {
  readonly env: SandboxEnvironment;
  /** Host path of the work directory, and the same directory as the programs see it. */
  readonly dir: string;
  readonly home: string;
  readonly cgroups: JobCgroups | null;
  /** The job box's supervisor socket when the process is entered into the job's box. */
  readonly boxSocket: string | null;
  track(child: ChildProcess): void;
  untrack(child: ChildProcess): void;
  /** Ends the process tree of `child` (and what it left behind). */
  killTree(child: ChildProcess): void;
}

const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGTRAP: 5,
  SIGABRT: 6,
  SIGBUS: 7,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGUSR1: 10,
  SIGSEGV: 11,
  SIGUSR2: 12,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
  SIGXCPU: 24,
  SIGXFSZ: 25,
  SIGSYS: 31,
};

/** An outcome for a process that never started (the box failed): the reason as its output. */
export function notStarted(message: string, killed: boolean): ProcessOutcome {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    cpuExceeded: false,
    memoryExceeded: false,
    outputExceeded: false,
    killed,
    output: `Internal error: ${message}\n`,
    stderr: '',
    outputBytes: 0,
    inputEndOffset: null,
    wallMs: 0,
  };
}

/** The command line of a process: entered into the job's box, or a chain of its own. */
function commandLine(host: ProcessHost, options: RunOptions, program: string[], merge: boolean, nproc: number): { file: string; args: string[]; env: Record<string, string> } {
  const { env, limits } = { env: host.env, limits: options.limits };
  const envVars: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: host.home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TMPDIR: env.mode === 'namespaces' ? '/tmp' : host.home,
    ...options.env,
  };
  if (host.boxSocket) {
    // vpl-box's supervisor closes every descriptor above 2 before it starts the program
    const args = ['run', '--socket', host.boxSocket, ...(merge ? ['--merge'] : [])];
    args.push('--cpu', String(limits.cpuSeconds), '--fsize', String(limits.fileSizeMb * 1024 * 1024), '--nofile', String(limits.openFiles), '--nproc', String(nproc));
    if (!host.cgroups) args.push('--data', String(limits.memoryMb * 1024 * 1024));
    return { file: env.boxHelper!, args: [...args, '--', ...program], env: envVars };
  }
  const join1 = (d: string) => `echo $$ > ${d}/cgroup.procs || exit 125`;
  const script = [...(host.cgroups?.paths.map(join1) ?? []), merge ? 'exec 2>&1' : '', 'exec "$@"'].filter(Boolean).join('\n');
  const rl = [
    PRLIMIT,
    // SIGXCPU at the limit (reported as such), SIGKILL one second later
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--fsize=${limits.fileSizeMb * 1024 * 1024}`,
    `--nofile=${limits.openFiles}`,
    `--nproc=${nproc}`,
    '--core=0',
    ...(host.cgroups ? [] : [`--data=${limits.memoryMb * 1024 * 1024}`]),
    '--',
  ];
  const drop = env.dropUid !== null ? [SETPRIV, `--reuid=${env.dropUid}`, `--regid=${env.dropUid}`, '--clear-groups', '--no-new-privs', '--'] : [];
  const argv =
    env.mode === 'namespaces'
      ? [...rl, ...drop, BWRAP, ...bwrapArgs(host.dir, envVars, 64 * 1024 * 1024, { pty: env.ptyHelper, guard: env.guardHelper }), '--', BOX_GUARD, '--', ...program]
      : [...rl, ...drop, '/usr/bin/env', '-i', ...Object.entries(envVars).map(([k, v]) => `${k}=${v}`), env.guardHelper, '--no-net', '--', ...program];
  return { file: '/bin/sh', args: ['-c', script, 'sandbox', ...argv], env: {} };
}

/** Starts one process of the job and watches it until it ends. */
export function startProcess(host: ProcessHost, options: RunOptions): SandboxProcess {
  const { limits } = options;
  const env = host.env;
  const terminal = (options.terminal ?? true) && env.ptyHelper !== null;
  const merge = terminal ? false : (options.mergeStderr ?? true);
  const program = terminal ? [env.mode === 'namespaces' ? BOX_PTY : env.ptyHelper!, ...options.argv] : options.argv;
  host.cgroups?.setLimits(limits);
  const nproc = host.cgroups || env.dropUid === null ? Math.max(limits.processes, 4096) : limits.processes;
  const command = commandLine(host, options, program, merge, nproc);
  const started = performance.now();
  const cpuStart = host.cgroups?.cpuUsageNs() ?? 0;
  const oomStart = host.cgroups?.oomKills() ?? 0;
  const child = spawn(command.file, command.args, {
    cwd: host.dir,
    env: command.env,
    detached: true,
    stdio: ['pipe', 'pipe', merge && !host.boxSocket ? 'ignore' : 'pipe'],
  });
  host.track(child);
  const outcome = { timedOut: false, cpuExceeded: false, memoryExceeded: false, outputExceeded: false, killed: false };
  const maxOut = limits.outputKb * 1024;
  let outBytes = 0;
  let output = '';
  let stderr = '';
  const decoder = new StringDecoder('utf8');
  const kill = () => host.killTree(child);
  child.stdout!.on('data', (chunk: Buffer) => {
    const room = maxOut - outBytes;
    outBytes += chunk.length;
    if (room > 0) {
      const text = decoder.write(room < chunk.length ? chunk.subarray(0, room) : chunk);
      output += text;
      options.onOutput?.(text);
    }
    // Checked for every chunk: when earlier chunks filled the limit exactly, the next one is the excess.
    if (outBytes > maxOut && !outcome.outputExceeded) {
      outcome.outputExceeded = true;
      kill();
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < maxOut) stderr += chunk.toString('utf8');
  });
  child.stdin!.on('error', () => undefined);
  if (options.input !== null) child.stdin!.end(options.input ?? '');

  const wall = setTimeout(() => {
    outcome.timedOut = true;
    kill();
  }, limits.wallSeconds * 1000);
  const cgroups = host.cgroups;
  const cpuWatch = cgroups
    ? setInterval(() => {
        if (cgroups.cpuUsageNs() - cpuStart > limits.cpuSeconds * 1e9) {
          outcome.cpuExceeded = true;
          kill();
        }
      }, 50)
    : null;

  const done = new Promise<ProcessOutcome>((resolve) => {
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const finish = () => {
      clearTimeout(wall);
      if (cpuWatch) clearInterval(cpuWatch);
      host.untrack(child);
      output += decoder.end();
      let signal = exit?.signal ? (SIGNALS[exit.signal] ?? 9) : null;
      let exitCode = exit?.code ?? null;
      let inputEndOffset: number | null = null;
      if (terminal) {
        const end = /vpl-pty:input-end:(\d+)/.exec(stderr);
        if (end) inputEndOffset = Number(end[1]);
        const sig = /vpl-pty:signal:(\d+)/.exec(stderr);
        if (sig) {
          signal = Number(sig[1]);
          exitCode = null;
        }
      } else if (env.mode === 'namespaces' && exitCode !== null && exitCode > 128 && exitCode < 160) {
        // bubblewrap (and vpl-box) report a program ended by a signal as 128 + signal
        signal = exitCode - 128;
        exitCode = null;
      }
      if (signal === 24) outcome.cpuExceeded = true;
      if ((cgroups?.oomKills() ?? 0) > oomStart) outcome.memoryExceeded = true;
      resolve({ ...outcome, exitCode, signal, output, stderr, outputBytes: outBytes, inputEndOffset, wallMs: performance.now() - started });
    };
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // nothing of the program may outlive it: daemons and children still holding the pipes end here
      kill();
      const grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 200);
      child.on('close', () => {
        clearTimeout(grace);
        finish();
      });
    });
    child.on('error', (e) => {
      output += `Internal error: ${e.message}\n`;
      finish();
    });
  });
  return {
    write: (text: string) => {
      if (!child.stdin!.destroyed) child.stdin!.write(text);
    },
    closeInput: () => child.stdin!.end(),
    kill: () => {
      outcome.killed = true;
      kill();
    },
    done,
  };
}
