/*
 * vpl-pty: runs a program on a pseudo-terminal, as VPL runs test cases and interactive programs.
 * Lectio's own helper (compiled by the judge at start-up; no VPL source).
 *
 *   vpl-pty PROGRAM [ARG...]
 *
 * stdin is fed to the terminal one line at a time with echo off and canonical input (so a program sees a
 * terminal, and stdout and stderr arrive in the order they were written); once stdin has ended, an EOF
 * (^D) is sent every 20 ms while the program runs. The terminal's output goes to stdout. On stderr the
 * helper reports, one per line:
 *   vpl-pty:input-end:N   N output bytes had arrived when the last input line was sent
 *   vpl-pty:signal:S      the program was ended by signal S (the helper then exits with 128 + S)
 * Otherwise it exits with the program's exit status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char *pending = NULL;
static size_t pendingLen = 0, pendingCap = 0;

static void append(const char *data, size_t n) {
  if (pendingLen + n > pendingCap) {
    pendingCap = (pendingLen + n) * 2 + 4096;
    pending = realloc(pending, pendingCap);
    if (!pending) _exit(125);
  }
  memcpy(pending + pendingLen, data, n);
  pendingLen += n;
}

static int wakePipe[2] = {-1, -1};
static void onChild(int sig) {
  (void)sig;
  int e = errno;
  if (write(wakePipe[1], "c", 1) < 0) { /* full: a wake-up is already pending */ }
  errno = e;
}

static long long nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void writeAll(int fd, const char *data, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) { usleep(1000); continue; }
      return;
    }
    data += w;
    n -= (size_t)w;
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: vpl-pty PROGRAM [ARG...]\n");
    return 125;
  }
  struct termios term;
  memset(&term, 0, sizeof term);
  term.c_iflag = ICRNL | IXON;
  term.c_oflag = OPOST | ONLCR;
  term.c_cflag = CS8 | CREAD;
  term.c_lflag = ISIG | ICANON | IEXTEN | ECHOE | ECHOK | ECHOCTL | ECHOKE;
  term.c_cc[VINTR] = 0x03;
  term.c_cc[VQUIT] = 0x1c;
  term.c_cc[VERASE] = 0x7f;
  term.c_cc[VKILL] = 0x15;
  term.c_cc[VEOF] = 0x04;
  term.c_cc[VSTART] = 0x11;
  term.c_cc[VSTOP] = 0x13;
  term.c_cc[VSUSP] = 0x1a;
  term.c_cc[VREPRINT] = 0x12;
  term.c_cc[VWERASE] = 0x17;
  term.c_cc[VLNEXT] = 0x16;
  term.c_cc[VDISCARD] = 0x0f;
  term.c_cc[VMIN] = 1;
  term.c_cc[VTIME] = 0;
  cfsetispeed(&term, B115200);
  cfsetospeed(&term, B115200);
  struct winsize ws = {.ws_row = 24, .ws_col = 80};

  /* SIGCHLD wakes the poll at once, so the helper adds no latency when the program ends */
  if (pipe2(wakePipe, O_NONBLOCK | O_CLOEXEC) < 0) return 125;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onChild;
  sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &sa, NULL);

  int master = -1;
  pid_t pid = forkpty(&master, NULL, &term, &ws);
  if (pid < 0) {
    perror("vpl-pty: forkpty");
    return 125;
  }
  if (pid == 0) {
    signal(SIGCHLD, SIG_DFL);
    execvp(argv[1], argv + 1);
    fprintf(stderr, "Internal error, execve fails: %s\n", strerror(errno));
    _exit(127);
  }
  signal(SIGPIPE, SIG_IGN);
  fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
  fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);

  int stdinOpen = 1, inputEndReported = 0, status = 0, exited = 0;
  long long outBytes = 0, lastEof = 0;
  char buf[16384];
  for (;;) {
    struct pollfd fds[3] = {{.fd = master, .events = POLLIN}, {.fd = stdinOpen ? 0 : -1, .events = POLLIN}, {.fd = wakePipe[0], .events = POLLIN}};
    if (pendingLen > 0) fds[0].events |= POLLOUT;
    /* after the end, only what is already in the terminal is read */
    int timeout = exited ? 0 : 20;
    int r = poll(fds, 3, timeout);
    if (r < 0 && errno != EINTR) break;
    if (r > 0 && (fds[2].revents & POLLIN)) {
      char drain[64];
      while (read(wakePipe[0], drain, sizeof drain) > 0) {}
    }
    int gotOutput = 0;
    if (r > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(master, buf, sizeof buf);
      if (n > 0) {
        writeAll(1, buf, (size_t)n);
        outBytes += n;
        gotOutput = 1;
      } else if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
        if (exited) break;
      }
    }
    if (r > 0 && stdinOpen && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(0, buf, sizeof buf);
      if (n > 0) append(buf, (size_t)n);
      else if (n == 0 || (errno != EAGAIN && errno != EINTR)) stdinOpen = 0;
    }
    if (pendingLen > 0 && !exited) {
      /* one line per turn, as VPL writes its input */
      size_t line = 0;
      while (line < pendingLen && pending[line] != '\n') line++;
      if (line < pendingLen) line++;
      ssize_t w = write(master, pending, line);
      if (w > 0) {
        memmove(pending, pending + w, pendingLen - (size_t)w);
        pendingLen -= (size_t)w;
      }
    }
    if (!stdinOpen && pendingLen == 0 && !inputEndReported) {
      inputEndReported = 1;
      fprintf(stderr, "vpl-pty:input-end:%lld\n", outBytes);
    }
    if (!stdinOpen && pendingLen == 0 && !exited && nowMs() - lastEof >= 20) {
      const char eof = 0x04;
      if (write(master, &eof, 1) == 1) lastEof = nowMs();
    }
    if (!exited) {
      pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid) exited = 1;
      continue;
    } else if (!gotOutput) {
      break; /* the program ended and its output is drained */
    }
  }
  if (!exited) waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    fprintf(stderr, "vpl-pty:signal:%d\n", WTERMSIG(status));
    return 128 + WTERMSIG(status);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
