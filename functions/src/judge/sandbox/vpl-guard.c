/*
 * vpl-guard: the last step before a learner's program (Lectio's own helper, compiled by the judge on first
 * use like vpl-pty and vpl-box; an image can ship it prebuilt).
 *
 *   vpl-guard [--no-net] -- PROGRAM [ARG...]
 *
 * - Closes every descriptor above 2, so nothing the worker inherited (a pipe of the server's parent, a
 *   socket) reaches the program.
 * - With --no-net (the `rlimits` sandbox, which has no network namespace): sets no-new-privileges and
 *   installs a seccomp filter that refuses (EACCES/EPERM, not a kill: the program sees an ordinary error)
 *   - sockets of the internet, packet and netlink families (nothing on loopback either: in AWS Lambda the
 *     runtime API listens there);
 *   - io_uring (its IORING_OP_SOCKET would bypass the socket check);
 *   - ptrace, process_vm_readv/writev, perf_event_open, bpf, userfaultfd and the kernel keyring;
 *   - every system call of another ABI (32-bit, x32), whose numbers the filter does not check.
 * Then it executes PROGRAM (searched in PATH).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#else
#error "vpl-guard: unsupported architecture"
#endif

#ifndef SYS_close_range
#define SYS_close_range 436
#endif

static void closeInherited(void) {
  if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0) return;
  // kernels before 5.9: every open descriptor, as listed by /proc
  DIR *d = opendir("/proc/self/fd");
  if (!d) {
    for (int fd = 3; fd < 65536; fd++) close(fd);
    return;
  }
  int own = dirfd(d);
  int fds[1024];
  int n = 0;
  for (struct dirent *e; (e = readdir(d)) && n < 1024;) {
    int fd = atoi(e->d_name);
    if (fd > 2 && fd != own) fds[n++] = fd;
  }
  closedir(d);
  for (int i = 0; i < n; i++) close(fds[i]);
}

#define DENY(nr, err) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err))

static int noNetwork(void) {
  struct sock_filter filter[] = {
    // another ABI: refused as a whole
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
    BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
#endif
    DENY(__NR_ptrace, EPERM),
    DENY(__NR_process_vm_readv, EPERM),
    DENY(__NR_process_vm_writev, EPERM),
    DENY(__NR_perf_event_open, EPERM),
    DENY(__NR_bpf, EPERM),
    DENY(__NR_userfaultfd, EPERM),
    DENY(__NR_keyctl, EPERM),
    DENY(__NR_add_key, EPERM),
    DENY(__NR_request_key, EPERM),
    DENY(__NR_io_uring_setup, EPERM),
    DENY(__NR_io_uring_enter, EPERM),
    DENY(__NR_io_uring_register, EPERM),
    // socket(family, …): only local (unix) sockets
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 2),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
  };
  struct sock_fprog prog = {.len = (unsigned short)(sizeof filter / sizeof filter[0]), .filter = filter};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

int main(int argc, char **argv) {
  int i = 1;
  int net = 1;
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--no-net") == 0) net = 0;
    else {
      fprintf(stderr, "usage: vpl-guard [--no-net] -- PROGRAM [ARG...]\n");
      return 125;
    }
  }
  if (i + 1 >= argc) {
    fprintf(stderr, "usage: vpl-guard [--no-net] -- PROGRAM [ARG...]\n");
    return 125;
  }
  closeInherited();
  if (!net && noNetwork() != 0) {
    perror("vpl-guard: seccomp");
    return 125;
  }
  execvp(argv[i + 1], argv + i + 1);
  fprintf(stderr, "Internal error, execve fails: %s: %s\n", argv[i + 1], strerror(errno));
  return 127;
}
