/**
 * The judge domain's public face: what other domains may use. The kernels domain runs its long-lived
 * kernels in the judge's box (bubblewrap command line, the sandbox's refusal) with limits of its own, or
 * (KERNEL_SANDBOX=uids) behind the judge's vpl-guard, built like the judge's helpers.
 */
export { bwrapArgs, BWRAP, SETPRIV, NOBODY, BOX_HOME, SandboxUnavailable, namespacesWork } from './sandbox/environment';
export { CGROUP_ROOT } from './sandbox/cgroups';
export { buildHelper } from './sandbox/helpers';
export type { SandboxLimits } from './sandbox/limits';
