// Pulses a gpio-sim line from the guest at a set rate: each pulse writes "pull-up" then
// "pull-down" to the line's sysfs `pull`, half a period apart, on CLOCK_MONOTONIC
// deadlines. Built static by the suite (the guest has no libc headers) and run by
// counter-check.sh; the shell alone writes fast but cannot keep a rate.
//
//   pulse PULL_FILE COUNT RATE     # RATE pulses per second; 0: as fast as it can
//
// Prints the pulses per second it achieved.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void put(int fd, const char *text)
{
	if (pwrite(fd, text, strlen(text), 0) < 0) {
		fprintf(stderr, "pulse: write: %s\n", strerror(errno));
		exit(1);
	}
}

static void add_ns(struct timespec *t, long long ns)
{
	long long total = t->tv_nsec + ns;

	t->tv_sec += total / 1000000000LL;
	t->tv_nsec = total % 1000000000LL;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: pulse PULL_FILE COUNT RATE\n");
		return 2;
	}
	int fd = open(argv[1], O_WRONLY);
	long count = atol(argv[2]);
	double rate = atof(argv[3]);
	long long half = rate > 0 ? (long long)(5e8 / rate) : 0;
	struct timespec start, deadline, end;

	if (fd < 0) {
		fprintf(stderr, "pulse: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	deadline = start;
	for (long i = 0; i < count; i++) {
		put(fd, "pull-up");
		if (half) {
			add_ns(&deadline, half);
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
		}
		put(fd, "pull-down");
		if (half) {
			add_ns(&deadline, half);
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
	printf("%.0f\n", seconds > 0 ? (double)count / seconds : 0.0);
	return 0;
}
