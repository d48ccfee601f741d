/*
 * kernel-uid: starts a notebook kernel under a uid of its own (KERNEL_SANDBOX=uids: the AWS gateway, where
 * Fargate allows no user namespaces but keeps Docker's default capability set). Lectio's own helper,
 * compiled on first use like the judge's; the gateway image ships it prebuilt with the file capabilities
 * cap_setuid, cap_setgid and cap_chown, executable by the server's group only (mode 0750), so only
 * jupyter-server's launcher can use it; the kernels' uids are in no group that may.
 *
 *   kernel-uid --probe UID                       can this process switch to UID? (exit 0: yes)
 *   kernel-uid --reap UID HOME                   as UID: kill every process of UID, remove UID's files in
 *                                                HOME/work, HOME/.run, /tmp, /var/tmp, /dev/shm and its
 *                                                System V shared memory, queues and semaphores
 *   kernel-uid --run UID HOME NPROC -- PROG ARG… the kernel: see run()
 *
 * UID must lie in the kernels' pool (30000-30999). Every switch is for good: no supplementary groups,
 * real, effective and saved ids all UID, no capability left; the helper fails (126) rather than run
 * anything with the server's ids.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <grp.h>
#include <limits.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define UID_FIRST 30000
#define UID_LAST 30999

static void fail(const char *what) {
  fprintf(stderr, "kernel-uid: %s: %s\n", what, strerror(errno));
  _exit(126);
}

static void usage(void) {
  fprintf(stderr, "usage: kernel-uid --probe UID | --reap UID HOME | --run UID HOME NPROC -- PROGRAM [ARG...]\n");
  _exit(125);
}

static long number(const char *s, long min, long max) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (!*s || *end || errno || v < min || v > max) usage();
  return v;
}

static void dropCapabilities(void) {
  struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &header, data) != 0) fail("capset");
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
}

/* This process becomes UID for good (file capabilities survive a switch between non-zero uids: dropped here). */
static void become(uid_t uid) {
  if (setgroups(0, NULL) != 0) fail("setgroups");
  if (setresgid(uid, uid, uid) != 0) fail("setresgid");
  if (setresuid(uid, uid, uid) != 0) fail("setresuid");
  dropCapabilities();
  uid_t r, e, s;
  gid_t rg, eg, sg;
  if (getresuid(&r, &e, &s) || getresgid(&rg, &eg, &sg) || r != uid || e != uid || s != uid || rg != uid || eg != uid || sg != uid) {
    errno = EPERM;
    fail("ids not switched");
  }
  if (getgroups(0, NULL) != 0 || setuid(0) == 0) {
    errno = EPERM;
    fail("privileges kept");
  }
}

static uid_t reapUid;

static void removeOwned(const char *dir, int topOwnedOnly);

/* Directories UID made unreadable or unwritable become its own to empty again. */
static int unlock(const char *path, const struct stat *st, int flag, struct FTW *at) {
  (void)at;
  if ((flag == FTW_D || flag == FTW_DNR) && st->st_uid == reapUid) chmod(path, 0700);
  return 0;
}

static int removeOne(const char *path, const struct stat *st, int flag, struct FTW *at) {
  if (at->level == 0 || st->st_uid != reapUid) return 0;
  if (flag == FTW_DNR) {
    /* a locked directory inside a locked one: unlocked by this pass only */
    chmod(path, 0700);
    removeOwned(path, 0);
    rmdir(path);
  } else if (flag == FTW_DP) {
    rmdir(path);
  } else {
    unlink(path);
  }
  return 0;
}

/* Removes what UID owns below DIR (DIR itself stays); TOP_OWNED_ONLY: only DIR's entries UID owns are entered. */
static void removeOwned(const char *dir, int topOwnedOnly) {
  if (!topOwnedOnly) {
    nftw(dir, unlock, 16, FTW_PHYS | FTW_MOUNT);
    nftw(dir, removeOne, 16, FTW_PHYS | FTW_MOUNT | FTW_DEPTH);
    return;
  }
  DIR *d = opendir(dir);
  if (!d) return;
  char path[PATH_MAX];
  for (struct dirent *e; (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    struct stat st;
    if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path || lstat(path, &st) != 0 || st.st_uid != reapUid) continue;
    if (S_ISDIR(st.st_mode)) {
      removeOwned(path, 0);
      rmdir(path);
    } else {
      unlink(path);
    }
  }
  closedir(d);
}

/* System V IPC objects UID may remove (its own): the ids of /proc/sysvipc/{shm,msg,sem}, second column. */
static void removeIpc(void) {
  const char *kinds[] = {"/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem"};
  for (int k = 0; k < 3; k++) {
    FILE *f = fopen(kinds[k], "r");
    if (!f) continue;
    char line[512];
    if (!fgets(line, sizeof line, f)) line[0] = 0; /* the header */
    while (fgets(line, sizeof line, f)) {
      long key, id;
      if (sscanf(line, "%ld %ld", &key, &id) != 2) continue;
      if (k == 0) shmctl((int)id, IPC_RMID, NULL);
      else if (k == 1) msgctl((int)id, IPC_RMID, NULL);
      else semctl((int)id, 0, IPC_RMID);
    }
    fclose(f);
  }
}

/*
 * In a child that became UID: nothing (a probe: the switch works) or the reap: every process of UID
 * ended, UID's files in the shared temporary places (and in HOME's directories) removed.
 */
static void asUid(uid_t uid, const char *home, int reaping) {
  pid_t pid = fork();
  if (pid < 0) fail("fork");
  if (pid == 0) {
    become(uid);
    if (!reaping) _exit(0);
    reapUid = uid;
    kill(-1, SIGKILL); /* every process this uid may signal: its own */
    const char *shared[] = {"/tmp", "/var/tmp", "/dev/shm"};
    for (int i = 0; i < 3; i++) removeOwned(shared[i], 1);
    removeIpc();
    if (home) {
      char path[PATH_MAX];
      snprintf(path, sizeof path, "%s/work", home);
      removeOwned(path, 0);
      snprintf(path, sizeof path, "%s/.run", home);
      removeOwned(path, 0);
    }
    _exit(0);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) fail("waitpid");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    errno = EPERM;
    fail(reaping ? "reap" : "probe");
  }
}

/* A kernel directory made by the server (or already the kernel's, after a restart) handed to UID. */
static void handOver(const char *path, uid_t uid, gid_t gid, mode_t mode) {
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) fail(path);
  if (st.st_uid != uid) {
    if (st.st_uid != getuid()) {
      errno = EPERM;
      fail(path);
    }
    if (fchmod(fd, mode) != 0 || fchown(fd, uid, gid) != 0) fail(path);
  }
  close(fd);
}

/*
 * The kernel: UID's earlier processes and temporary files gone; HOME/work becomes UID's (0700) and
 * HOME/.run UID's with the server's group (02770, made by the launcher: the kernel's sockets inherit the
 * group, so jupyter-server connects to them and no other kernel does). A child becomes UID with no
 * groups and no capabilities, NPROC processes at most, no new privileges, umask 007, killed when this
 * process dies (jupyter kills this one: the kernel's uid is out of its reach), and executes PROG.
 * This process keeps no capability and waits for it.
 */
static int run(uid_t uid, const char *home, long nproc, char **argv) {
  char work[PATH_MAX], sockets[PATH_MAX];
  if (home[0] != '/' || snprintf(work, sizeof work, "%s/work", home) >= (int)sizeof work || snprintf(sockets, sizeof sockets, "%s/.run", home) >= (int)sizeof sockets) usage();
  asUid(uid, NULL, 1);
  handOver(work, uid, uid, 0700);
  handOver(sockets, uid, (gid_t)-1, 02770);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) fail("fork");
  if (pid == 0) {
    become(uid);
    struct rlimit n = {(rlim_t)nproc, (rlim_t)nproc};
    if (setrlimit(RLIMIT_NPROC, &n) != 0) fail("setrlimit");
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail("pdeathsig");
    if (getppid() != parent) _exit(126);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail("no_new_privs");
    umask(007);
    if (chdir(work) != 0) fail("chdir");
    execv(argv[0], argv);
    fail(argv[0]);
  }
  dropCapabilities();
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) fail("waitpid");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv) {
  if (argc < 3) usage();
  uid_t uid = (uid_t)number(argv[2], UID_FIRST, UID_LAST);
  if (!strcmp(argv[1], "--probe") && argc == 3) {
    asUid(uid, NULL, 0);
    return 0;
  }
  if (!strcmp(argv[1], "--reap") && argc == 4) {
    if (argv[3][0] != '/') usage();
    asUid(uid, argv[3], 1);
    return 0;
  }
  if (!strcmp(argv[1], "--run") && argc >= 7 && !strcmp(argv[5], "--")) return run(uid, argv[3], number(argv[4], 1, 4096), argv + 6);
  usage();
  return 125;
}
