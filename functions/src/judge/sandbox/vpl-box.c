/*
 * vpl-box: one bubblewrap box per judge job, and a cheap way to start each of the job's processes in it.
 * Lectio's own helper (compiled by the judge at start-up like vpl-pty; an image can ship it prebuilt).
 *
 *   vpl-box hold
 *     PID 1 of the job's box (bubblewrap --as-pid-1): reaps orphans, writes "R\n" once it runs and exits
 *     when its stdin ends; the kernel then kills everything left in the box's PID namespace. Not dumpable
 *     (no ptrace, no /proc/1/fd for programs of the same uid); as PID 1 it ignores signals from inside.
 *
 *   vpl-box serve --pid P --dir HOSTDIR --home HOME --uid U --gid G --socket PATH [--cgroup DIR]...
 *     The job's supervisor, on the host and invisible from the box. It joins the job's cgroups once, binds
 *     a unix socket at PATH (mode 0600), checks that P is the holder of the box whose home is HOSTDIR
 *     (pidfd + device and inode of the home), enters P's user, IPC, UTS, network, cgroup, PID and mount
 *     namespaces and its root, writes "R\n" and then starts one program per connection. Forking from here
 *     keeps every program in the job's cgroups and namespaces without a cgroup migration or a new
 *     bubblewrap per process. Each program gets the caller's stdin/stdout/stderr (passed over the socket),
 *     its environment and argv, its rlimits, group and user U/G, no capabilities (bounding set emptied),
 *     no new privileges, no descriptor above 2, and is killed when the supervisor dies. When it ends, or its caller's connection
 *     ends (the worker killed the caller), every process of the box but PID 1 is killed (daemons, fork
 *     bombs) before the exit status is sent back. The supervisor ends when its stdin ends.
 *
 *   vpl-box run --socket PATH [--merge] [--cpu S] [--fsize B] [--nofile N] [--nproc N] [--data B]
 *               -- PROGRAM [ARG...]
 *     Started by the worker for every process: passes its stdio, options, argv and environment to the
 *     supervisor and exits with the program's exit status, or 128 + the signal that ended it (125: the
 *     box could not start it). Killing it kills the program and sweeps the box.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef NS_GET_PARENT
#define NS_GET_PARENT _IO(0xb7, 0x2)
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif

/** Largest request (options, argv and environment of one program). */
#define MAX_REQUEST (256 * 1024)

extern char **environ;

static void die(const char *what) {
  fprintf(stderr, "vpl-box: %s: %s\n", what, strerror(errno));
  _exit(125);
}

static long long number(const char *s) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || *end || v < 0) {
    fprintf(stderr, "vpl-box: bad number %s\n", s);
    _exit(125);
  }
  return v;
}

static int wakePipe[2] = {-1, -1};
static void onChild(int sig) {
  (void)sig;
  int e = errno;
  if (write(wakePipe[1], "c", 1) < 0) { /* a wake-up is already pending */
  }
  errno = e;
}

static void watchChildren(void) {
  if (pipe2(wakePipe, O_CLOEXEC | O_NONBLOCK) != 0) die("pipe");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onChild;
  sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &sa, NULL);
}

static void drain(int fd) {
  char buf[64];
  while (read(fd, buf, sizeof buf) > 0) {
  }
}

/* ---------------------------------------------------------------- hold */

static int hold(void) {
  prctl(PR_SET_DUMPABLE, 0);
  watchChildren();
  if (write(1, "R\n", 2) != 2) return 1;
  for (;;) {
    struct pollfd p[2] = {{.fd = 0, .events = POLLIN}, {.fd = wakePipe[0], .events = POLLIN}};
    int r = poll(p, 2, -1);
    if (p[1].revents) drain(wakePipe[0]);
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    if (r > 0 && p[0].revents) {
      char buf[64];
      if (read(0, buf, sizeof buf) <= 0) return 0;
    }
  }
}

/* ---------------------------------------------------------------- serve */

struct box {
  uid_t uid;
  gid_t gid;
};

struct request {
  int merge;
  long long cpu, fsize, nofile, nproc, data;
  char **argv;
  char **env;
};

static void limit(int resource, long long soft, long long hard) {
  if (soft < 0) return;
  struct rlimit now;
  if (getrlimit(resource, &now) == 0 && now.rlim_max != RLIM_INFINITY) {
    if ((rlim_t)hard > now.rlim_max) hard = (long long)now.rlim_max;
    if (soft > hard) soft = hard;
  }
  struct rlimit rl = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
  if (setrlimit(resource, &rl) != 0) die("setrlimit");
}

static void dropPrivileges(const struct box *b) {
  for (int cap = 0; cap <= 63; cap++) prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
  if (setresgid(b->gid, b->gid, b->gid) != 0) die("setresgid");
  if (setresuid(b->uid, b->uid, b->uid) != 0) die("setresuid");
  struct {
    uint32_t version;
    int pid;
  } header = {0x20080522, 0};
  uint32_t data[6] = {0};
  if (syscall(SYS_capset, &header, data) != 0) die("capset");
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("no_new_privs");
}

/**
 * Kills every process of the box but its PID 1: the box's /proc (this supervisor is chrooted in the box)
 * lists them, and a /proc/N directory is a pidfd, so no PID can be reused in between. Repeated until none
 * is left alive (a process with SIGKILL pending cannot fork).
 */
static void sweep(void) {
  for (int round = 0; round < 500; round++) {
    DIR *d = opendir("/proc");
    if (!d) return;
    int alive = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      char *end;
      long pid = strtol(e->d_name, &end, 10);
      if (*end || pid <= 1) continue;
      int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) continue;
      char state = 0;
      int sfd = openat(fd, "stat", O_RDONLY | O_CLOEXEC);
      if (sfd >= 0) {
        char buf[512];
        ssize_t n = read(sfd, buf, sizeof buf - 1);
        close(sfd);
        if (n > 0) {
          buf[n] = 0;
          char *p = strrchr(buf, ')');
          if (p && p[1] == ' ') state = p[2];
        }
      }
      if (state != 'Z' && state != 'X' && state != 0) {
        alive++;
        syscall(SYS_pidfd_send_signal, fd, SIGKILL, NULL, 0);
      }
      close(fd);
    }
    closedir(d);
    if (!alive) return;
    if (round > 0) usleep(1000);
  }
}

/** Parses one request: [u32 nargs][u32 nenv] then nargs + nenv NUL-terminated strings. */
static int parseRequest(char *buf, size_t len, struct request *r) {
  if (len < 8) return -1;
  uint32_t nargs, nenv;
  memcpy(&nargs, buf, 4);
  memcpy(&nenv, buf + 4, 4);
  if (nargs > 65536 || nenv > 65536) return -1;
  char **strings = calloc((size_t)nargs + nenv + 2, sizeof(char *));
  if (!strings) return -1;
  size_t at = 8;
  for (uint32_t i = 0; i < nargs + nenv; i++) {
    if (at >= len) return -1;
    char *z = memchr(buf + at, 0, len - at);
    if (!z) return -1;
    strings[i + (i >= nargs ? 1 : 0)] = buf + at;
    at = (size_t)(z - buf) + 1;
  }
  memset(r, 0, sizeof *r);
  r->cpu = r->fsize = r->nofile = r->nproc = r->data = -1;
  uint32_t i = 0;
  for (; i < nargs; i++) {
    const char *a = strings[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (strcmp(a, "--merge") == 0) {
      r->merge = 1;
      continue;
    }
    if (i + 1 >= nargs) return -1;
    long long v = number(strings[++i]);
    if (strcmp(a, "--cpu") == 0) r->cpu = v;
    else if (strcmp(a, "--fsize") == 0) r->fsize = v;
    else if (strcmp(a, "--nofile") == 0) r->nofile = v;
    else if (strcmp(a, "--nproc") == 0) r->nproc = v;
    else if (strcmp(a, "--data") == 0) r->data = v;
    else return -1;
  }
  if (i >= nargs) return -1;
  r->argv = strings + i;
  strings[nargs] = NULL;
  r->env = strings + nargs + 1;
  return 0;
}

static void reply(int conn, int status) {
  int32_t s = status;
  if (send(conn, &s, sizeof s, MSG_NOSIGNAL) < 0) { /* the caller is gone */
  }
}

/** Starts the program of one connection and waits for it (or for the end of the connection). */
static void serveOne(int conn, const struct box *b) {
  static char buf[MAX_REQUEST];
  union {
    char space[CMSG_SPACE(3 * sizeof(int))];
    struct cmsghdr align;
  } control;
  struct iovec iov = {.iov_base = buf, .iov_len = sizeof buf - 1};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
  ssize_t n = recvmsg(conn, &msg, MSG_CMSG_CLOEXEC);
  int fds[3] = {-1, -1, -1};
  int nfds = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      nfds = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      if (nfds > 3) nfds = 3;
      memcpy(fds, CMSG_DATA(c), (size_t)nfds * sizeof(int));
    }
  }
  struct request r;
  if (n <= 0 || nfds != 3 || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || parseRequest(buf, (size_t)n, &r) != 0) {
    for (int i = 0; i < nfds; i++) close(fds[i]);
    reply(conn, 125);
    return;
  }
  pid_t child = fork();
  if (child == 0) {
    signal(SIGCHLD, SIG_DFL);
    // stdio from the caller; every other descriptor is closed before execve
    if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(r.merge ? fds[1] : fds[2], 2) < 0) _exit(125);
    // SIGXCPU at the CPU limit (reported as such), SIGKILL one second later
    if (r.cpu >= 0) limit(RLIMIT_CPU, r.cpu, r.cpu + 1);
    limit(RLIMIT_FSIZE, r.fsize, r.fsize);
    limit(RLIMIT_NOFILE, r.nofile, r.nofile);
    limit(RLIMIT_NPROC, r.nproc, r.nproc);
    limit(RLIMIT_CORE, 0, 0);
    limit(RLIMIT_DATA, r.data, r.data);
    dropPrivileges(b);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) _exit(125);
    // nothing but its stdio reaches the program: descriptors the worker inherited (and did not mark
    // close-on-exec) end here too
    if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) {
      for (int fd = 3; fd < 65536; fd++) close(fd);
    }
    execve(r.argv[0], r.argv, r.env);
    fprintf(stderr, "vpl-box: %s: %s\n", r.argv[0], strerror(errno));
    _exit(127);
  }
  for (int i = 0; i < 3; i++) close(fds[i]);
  if (child < 0) {
    reply(conn, 125);
    return;
  }
  int status = 0;
  int killed = 0;
  for (;;) {
    pid_t w = waitpid(child, &status, WNOHANG);
    if (w == child) break;
    struct pollfd p[3] = {{.fd = conn, .events = POLLIN}, {.fd = wakePipe[0], .events = POLLIN}, {.fd = 0, .events = POLLIN}};
    poll(p, 3, killed ? 10 : -1);
    if (p[1].revents) drain(wakePipe[0]);
    if (!killed && (p[0].revents || p[2].revents)) {
      // the worker killed the caller (or is ending the job): end the program now
      char c;
      if (p[2].revents || recv(conn, &c, 1, MSG_DONTWAIT) <= 0) {
        kill(child, SIGKILL);
        killed = 1;
      }
    }
  }
  // nothing the program started may outlive it
  sweep();
  reply(conn, WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status));
}

static int serve(int argc, char **argv) {
  pid_t pid = -1;
  const char *dir = NULL, *home = "/home/vpl", *socketPath = NULL;
  const char *cgroups[8];
  int ncgroups = 0;
  struct box b = {0, 0};
  for (int i = 2; i < argc; i++) {
    if (i + 1 >= argc) {
      fprintf(stderr, "vpl-box: %s needs a value\n", argv[i]);
      return 125;
    }
    const char *a = argv[i], *v = argv[++i];
    if (strcmp(a, "--pid") == 0) pid = (pid_t)number(v);
    else if (strcmp(a, "--dir") == 0) dir = v;
    else if (strcmp(a, "--home") == 0) home = v;
    else if (strcmp(a, "--uid") == 0) b.uid = (uid_t)number(v);
    else if (strcmp(a, "--gid") == 0) b.gid = (gid_t)number(v);
    else if (strcmp(a, "--socket") == 0) socketPath = v;
    else if (strcmp(a, "--cgroup") == 0 && ncgroups < 8) cgroups[ncgroups++] = v;
    else {
      fprintf(stderr, "vpl-box: unknown option %s\n", a);
      return 125;
    }
  }
  if (pid <= 0 || !dir || !socketPath || home[0] != '/') {
    fprintf(stderr, "vpl-box serve: --pid, --dir and --socket are required\n");
    return 125;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  prctl(PR_SET_DUMPABLE, 0);
  // the supervisor is never the one the kernel's OOM killer picks in the job's memory group
  int oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (oom >= 0) {
    if (write(oom, "-1000", 5) < 0) { /* not allowed: fine */
    }
    close(oom);
  }
  char pidText[32];
  snprintf(pidText, sizeof pidText, "%d\n", (int)getpid());
  for (int i = 0; i < ncgroups; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cgroup.procs", cgroups[i]);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, pidText, strlen(pidText)) < 0) die("cgroup");
    close(fd);
  }

  int listener = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (listener < 0) die("socket");
  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  if (strlen(socketPath) >= sizeof addr.sun_path) die("socket path too long");
  strcpy(addr.sun_path, socketPath);
  unlink(socketPath);
  mode_t old = umask(0177);
  if (bind(listener, (struct sockaddr *)&addr, sizeof addr) != 0) die("bind");
  umask(old);
  if (chmod(socketPath, 0600) != 0 || listen(listener, 4) != 0) die("listen");

  struct stat want;
  if (stat(dir, &want) != 0) die("work directory");
  int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (pidfd < 0) die("pidfd_open");
  static const struct {
    const char *name;
    int type;
  } spaces[] = {{"user", CLONE_NEWUSER}, {"ipc", CLONE_NEWIPC}, {"uts", CLONE_NEWUTS}, {"net", CLONE_NEWNET}, {"cgroup", CLONE_NEWCGROUP}, {"pid", CLONE_NEWPID}, {"mnt", CLONE_NEWNS}};
  int fds[7];
  char path[128];
  for (int i = 0; i < 7; i++) {
    snprintf(path, sizeof path, "/proc/%d/ns/%s", (int)pid, spaces[i].name);
    fds[i] = open(path, O_RDONLY | O_CLOEXEC);
    if (fds[i] < 0) die(path);
  }
  snprintf(path, sizeof path, "/proc/%d/root", (int)pid);
  int rootfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (rootfd < 0) die("box root");
  // every file above belongs to the same living process (no pid reuse), and it is this job's box
  if (syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) != 0) die("box holder gone");
  struct stat homeStat;
  if (fstatat(rootfd, home + 1, &homeStat, AT_SYMLINK_NOFOLLOW) != 0) die("box home");
  if (homeStat.st_dev != want.st_dev || homeStat.st_ino != want.st_ino) {
    fprintf(stderr, "vpl-box: the box is not this job's\n");
    return 125;
  }
  if (getuid() == 0 && setgroups(0, NULL) != 0) die("setgroups");
  /*
   * bubblewrap's --disable-userns puts the box's processes in a user namespace nested in the one that
   * owns the other namespaces: enter that owner first (unless it is ours), then the other namespaces and
   * the root, and the holder's own user namespace last.
   */
  int owner = ioctl(fds[0], NS_GET_PARENT);
  struct stat ownerStat, selfStat;
  if (owner >= 0 && fstat(owner, &ownerStat) == 0 && stat("/proc/self/ns/user", &selfStat) == 0 &&
      (ownerStat.st_ino != selfStat.st_ino || ownerStat.st_dev != selfStat.st_dev)) {
    if (setns(owner, CLONE_NEWUSER) != 0) die("owner user namespace");
  }
  if (owner >= 0) close(owner);
  for (int i = 1; i < 7; i++) {
    if (setns(fds[i], spaces[i].type) != 0) die(spaces[i].name);
    close(fds[i]);
  }
  if (fchdir(rootfd) != 0 || chroot(".") != 0) die("chroot");
  close(rootfd);
  if (setns(fds[0], CLONE_NEWUSER) != 0) die("user");
  close(fds[0]);
  close(pidfd);
  if (chdir(home) != 0) die("home");

  watchChildren();
  signal(SIGPIPE, SIG_IGN);
  if (write(1, "R\n", 2) != 2) return 1;
  for (;;) {
    struct pollfd p[2] = {{.fd = 0, .events = POLLIN}, {.fd = listener, .events = POLLIN}};
    if (poll(p, 2, -1) < 0 && errno != EINTR) die("poll");
    if (p[0].revents) {
      char buf[64];
      if (read(0, buf, sizeof buf) <= 0) {
        sweep();
        return 0;
      }
    }
    if (p[1].revents & POLLIN) {
      int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
      if (conn < 0) continue;
      serveOne(conn, &b);
      close(conn);
    }
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
  }
}

/* ---------------------------------------------------------------- run */

static int run(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[2], "--socket") != 0) {
    fprintf(stderr, "vpl-box run: --socket PATH first\n");
    return 125;
  }
  static char buf[MAX_REQUEST];
  size_t at = 8;
  uint32_t nargs = 0, nenv = 0;
  for (int i = 4; i < argc; i++, nargs++) {
    size_t l = strlen(argv[i]) + 1;
    if (at + l > sizeof buf) goto tooLarge;
    memcpy(buf + at, argv[i], l);
    at += l;
  }
  for (char **e = environ; *e; e++, nenv++) {
    size_t l = strlen(*e) + 1;
    if (at + l > sizeof buf) goto tooLarge;
    memcpy(buf + at, *e, l);
    at += l;
  }
  memcpy(buf, &nargs, 4);
  memcpy(buf + 4, &nenv, 4);

  int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (s < 0) die("socket");
  int size = MAX_REQUEST + 4096;
  setsockopt(s, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  if (strlen(argv[3]) >= sizeof addr.sun_path) die("socket path too long");
  strcpy(addr.sun_path, argv[3]);
  if (connect(s, (struct sockaddr *)&addr, sizeof addr) != 0) die("connect");
  union {
    char space[CMSG_SPACE(3 * sizeof(int))];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  struct iovec iov = {.iov_base = buf, .iov_len = at};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(3 * sizeof(int));
  int stdio[3] = {0, 1, 2};
  memcpy(CMSG_DATA(c), stdio, sizeof stdio);
  if (sendmsg(s, &msg, 0) < 0) die("send");
  // the program holds the pipes now: the worker sees them close when it (and the sweep) is done
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
  }
  int32_t status = 125;
  ssize_t n;
  do n = recv(s, &status, sizeof status, 0);
  while (n < 0 && errno == EINTR);
  if (n != sizeof status) status = 125;
  return status;

tooLarge:
  fprintf(stderr, "vpl-box: arguments and environment too large\n");
  return 125;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "hold") == 0) return hold();
  if (argc >= 2 && strcmp(argv[1], "serve") == 0) return serve(argc, argv);
  if (argc >= 2 && strcmp(argv[1], "run") == 0) return run(argc, argv);
  fprintf(stderr, "usage: vpl-box hold | serve OPTIONS | run --socket PATH OPTIONS -- PROGRAM [ARG...]\n");
  return 125;
}
