/**
 * The judge domain's public face: what other domains may use. The kernels domain runs its long-lived
 * kernels in the judge's box (bubblewrap command line, the sandbox's refusal) with limits of its own.
 */
export { bwrapArgs, BWRAP, SETPRIV, NOBODY, BOX_HOME, SandboxUnavailable, namespacesWork } from './sandbox/environment';
export { CGROUP_ROOT } from './sandbox/cgroups';
export type { SandboxLimits } from './sandbox/limits';
