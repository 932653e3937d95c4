// The wall clock as the event loop sees it, on a real kernel as root (the host's clock
// is shared and never set by tests): run in the qemu guest by scripts/kernel-test/suite,
// built static together with the loop's own C shim (Sources/CLoopLinux/shim.c), so that
// what is checked is what PosixEventLoop calls.
//
//   wall-clock-check --in-qemu-guest     # TAP; exit 0 when every check passed
//   wall-clock-check --in-qemu-guest --mark synchronized|unsynchronized
//                                        # marks the clock as an NTP client would, for
//                                        # the Swift loop's own check in the guest
//
// It sets the clock, so it refuses to run anywhere but the guest: without that option,
// or when PID 1 is not the guest's /init, it exits 2 before touching anything.
//
// It checks: a CLOCK_REALTIME timerfd armed TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET
// fires at its instant; setting the clock (clock_settime, as `date -s` does, and adjtimex
// ADJ_SETOFFSET, as systemd-timesyncd steps) makes it readable at once and its read fail
// with ECANCELED; re-armed at an instant the step jumped over, it fires at once; armed
// again after a step it has not been read since, timerfd_settime reports ECANCELED, arms
// it all the same, and the step is not reported twice; armed at "never" it still reports
// a step. And synchronization: the guest boots unsynchronized; adjtimex marking it
// synchronized (maxerror 0, STA_UNSYNC cleared, as timesyncd does) is seen as such; a
// step clears it again; STA_UNSYNC set with a small maxerror (chrony without rtcsync)
// still counts as synchronized, as systemd's timedatectl says.
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

#include "CLoopLinux.h"

static int n;
static int failed;

static void check(int condition, const char *what)
{
	n++;
	if (condition) {
		printf("ok %d - %s\n", n, what);
	} else {
		failed = 1;
		printf("not ok %d - %s (errno: %s)\n", n, what, strerror(errno));
	}
}

static int64_t wall_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int set_wall(int64_t instant)
{
	struct timespec t = { .tv_sec = instant / 1000000000, .tv_nsec = instant % 1000000000 };

	return clock_settime(CLOCK_REALTIME, &t);
}

// Whether `fd` becomes readable within `ms` milliseconds.
static int readable_within(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

// The rule of WallClock.isSynchronized(): maxerror below 16 s.
static int synchronized(void)
{
	long maxerror = 0;
	int status = 0;

	if (cloop_adjtimex_read(&maxerror, &status) != 0)
		return -1;
	printf("# adjtimex: maxerror %ld us, status 0x%x%s\n", maxerror, status,
	       (status & STA_UNSYNC) ? " (STA_UNSYNC)" : "");
	return maxerror < 16000000;
}

static int mark(long maxerror, int status)
{
	struct timex tx = { .modes = ADJ_MAXERROR | ADJ_STATUS, .maxerror = maxerror, .status = status };

	return adjtimex(&tx) < 0 ? -1 : 0;
}

// Whether PID 1 is the harness's /init (run as `/bin/sh /init`), as in the guest only.
static int in_guest(void)
{
	char cmdline[256] = { 0 };
	FILE *f = fopen("/proc/1/cmdline", "r");

	if (!f)
		return 0;
	size_t length = fread(cmdline, 1, sizeof cmdline - 1, f);
	fclose(f);
	for (size_t at = 0; at < length; at += strlen(cmdline + at) + 1) {
		if (strcmp(cmdline + at, "/init") == 0)
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const int64_t second = 1000000000;

	if (argc < 2 || strcmp(argv[1], "--in-qemu-guest") != 0 || !in_guest()) {
		fprintf(stderr, "wall-clock-check: refusing to run: it sets the system clock, so it runs only "
				"in the kernel-test guest (scripts/kernel-test/run ... -- --in-qemu-guest)\n");
		return 2;
	}
	if (argc == 4 && strcmp(argv[2], "--mark") == 0) {
		int synced = strcmp(argv[3], "synchronized") == 0;
		if (!synced && strcmp(argv[3], "unsynchronized") != 0) {
			fprintf(stderr, "wall-clock-check: --mark takes synchronized or unsynchronized, not %s\n", argv[3]);
			return 2;
		}
		return mark(synced ? 0 : 16000000, synced ? STA_PLL : STA_UNSYNC) == 0 ? 0 : 1;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: wall-clock-check --in-qemu-guest [--mark synchronized|unsynchronized]\n");
		return 2;
	}
	int fd = cloop_wall_timerfd_create();

	check(fd >= 0, "a CLOCK_REALTIME timerfd opens");
	check(cloop_wall_timerfd_arm(fd, 0, 1) == 0, "armed at never");
	check(cloop_wall_timerfd_read(fd) == 0, "nothing to read while nothing happened");

	// Synchronization as the kernel starts it.
	check(synchronized() == 0, "the guest boots unsynchronized (maxerror at 16 s)");
	check(mark(0, STA_PLL) == 0 && synchronized() == 1,
	      "adjtimex ADJ_MAXERROR 0 and ADJ_STATUS without STA_UNSYNC: synchronized");

	// A timer at a near instant.
	int64_t start = wall_now();
	check(cloop_wall_timerfd_arm(fd, start + second / 5, 0) == 0, "armed 200 ms ahead");
	check(readable_within(fd, 5000), "readable once the instant comes");
	check(cloop_wall_timerfd_read(fd) == 1, "the read says it expired");
	check(wall_now() >= start + second / 5, "not before its instant");

	// A step forward over a timer: clock_settime, as date -s.
	int64_t instant = wall_now() + 60 * second;
	check(cloop_wall_timerfd_arm(fd, instant, 0) == 0, "armed a minute ahead");
	check(!readable_within(fd, 100), "not readable before anything happens");
	check(set_wall(instant + 60 * second) == 0, "clock_settime a minute past it");
	check(readable_within(fd, 1000), "the step makes it readable at once");
	check(cloop_wall_timerfd_read(fd) == 2, "its read fails with ECANCELED");
	check(cloop_wall_timerfd_read(fd) == 0, "the step is read once");
	check(synchronized() == 0, "setting the clock leaves it unsynchronized");
	check(cloop_wall_timerfd_arm(fd, instant, 0) == 0, "re-armed at the instant jumped over");
	check(readable_within(fd, 1000) && cloop_wall_timerfd_read(fd) == 1, "it fires at once");

	// A step back, then arming before reading: settime reports it and arms all the same.
	check(cloop_wall_timerfd_arm(fd, 0, 1) == 0, "armed at never");
	check(set_wall(wall_now() - 3600 * second) == 0, "clock_settime an hour back");
	check(cloop_wall_timerfd_arm(fd, wall_now() + second / 5, 0) == 1,
	      "arming after an unread step reports ECANCELED");
	check(cloop_wall_timerfd_read(fd) == 0, "the step it reported is not read again");
	check(readable_within(fd, 5000) && cloop_wall_timerfd_read(fd) == 1, "armed all the same: it fires");

	// adjtimex ADJ_SETOFFSET, the way systemd-timesyncd steps, on a timer armed at never.
	check(mark(0, STA_PLL) == 0 && synchronized() == 1, "synchronized again");
	check(cloop_wall_timerfd_arm(fd, 0, 1) == 0, "armed at never");
	struct timex step = { .modes = ADJ_SETOFFSET | ADJ_NANO, .time = { .tv_sec = 30, .tv_usec = 0 } };
	check(adjtimex(&step) >= 0, "adjtimex ADJ_SETOFFSET +30 s");
	check(readable_within(fd, 1000) && cloop_wall_timerfd_read(fd) == 2, "reported as a step");
	check(synchronized() == 0, "the step leaves it unsynchronized");

	// chrony without rtcsync keeps STA_UNSYNC while synchronized: maxerror decides.
	check(mark(100000, STA_PLL | STA_UNSYNC) == 0 && synchronized() == 1,
	      "STA_UNSYNC with maxerror 100 ms: synchronized, as timedatectl says");
	check(mark(16000000, STA_UNSYNC) == 0 && synchronized() == 0, "maxerror 16 s: unsynchronized");

	printf("1..%d\n", n);
	return failed;
}
