/*
 * vpl-nodump: a preload library (LD_PRELOAD) that makes the process that loads it undumpable before its
 * main starts. The judge's worker in the `rlimits` sandbox (the AWS runner) runs with it: a learner's program
 * of the same uid then cannot read the worker's /proc/<pid>/environ, mem, maps or fd, nor ptrace it. The
 * flag is reset by execve, so the worker's children (learner programs) are not affected; the judge starts
 * them with an emptied environment, so they do not load it either.
 */
#include <sys/prctl.h>

__attribute__((constructor)) static void undumpable(void) { prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }
