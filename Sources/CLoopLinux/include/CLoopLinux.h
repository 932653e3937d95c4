#ifndef CLOOPLINUX_H
#define CLOOPLINUX_H

/*
 * The Linux descriptors the event loop polls besides the GPIO ones: a timerfd
 * for its timers, another on CLOCK_REALTIME for its wall-clock timers, an eventfd for
 * wake-ups from other threads and a signalfd for the signals the daemon handles; and
 * adjtimex, for whether the wall clock is synchronized. Glibc's Swift module does not
 * include <sys/timerfd.h>, <sys/eventfd.h>, <sys/signalfd.h> or <sys/timex.h>, so the
 * shim exposes plain functions. Imported by the Loop module only.
 */

#include <stdint.h>

/* A non-blocking, close-on-exec timerfd on CLOCK_MONOTONIC. Returns the descriptor, or
 * -1 with errno set. */
int cloop_timerfd_create(void);

/* Arms `fd` to expire once at the absolute CLOCK_MONOTONIC time `deadline_ns` (at once
 * if that has passed). Returns 0, or -1 with errno set. */
int cloop_timerfd_arm(int fd, uint64_t deadline_ns);

/* Disarms `fd`. Returns 0, or -1 with errno set. */
int cloop_timerfd_disarm(int fd);

/* A non-blocking, close-on-exec timerfd on CLOCK_REALTIME, for the loop's wall-clock
 * timers. Returns the descriptor, or -1 with errno set. */
int cloop_wall_timerfd_create(void);

/* Arms the wall timerfd `fd` to expire once at the absolute CLOCK_REALTIME instant
 * `instant_ns` (nanoseconds since the Unix epoch; at once if that has passed), or never
 * when `never` is not 0, with TFD_TIMER_CANCEL_ON_SET, so that a read fails with
 * ECANCELED once the clock has been set. Returns 0; 1 when the clock was set since the
 * last read (the kernel then arms it all the same, and the next read does not report
 * the step again); or -1 with errno set. */
int cloop_wall_timerfd_arm(int fd, int64_t instant_ns, int never);

/* What a read of the wall timerfd `fd` found: 2 the clock was set (ECANCELED), 1 the
 * timer expired, 0 nothing (EAGAIN), or -1 with errno set. */
int cloop_wall_timerfd_read(int fd);

/* The kernel's maximum error of the wall clock, in microseconds, from adjtimex(2) with
 * modes 0 (a read, allowed to anyone). Returns 0 with `*maxerror_us` and `*status` (the
 * STA_* bits) set, or -1 with errno set. */
int cloop_adjtimex_read(long *maxerror_us, int *status);

/* A non-blocking, close-on-exec eventfd counting from 0. Returns the descriptor, or -1
 * with errno set. */
int cloop_eventfd_create(void);

/* Blocks `count` signals in the calling thread (threads it creates later inherit the
 * mask), so that they wait for a signalfd instead of running their default action.
 * Returns 0, or -1 with errno set. */
int cloop_signals_block(const int *signals, int count);

/* A non-blocking, close-on-exec signalfd for `count` signals (block them first).
 * Returns the descriptor, or -1 with errno set. */
int cloop_signalfd_create(const int *signals, int count);

/* Reads one pending signal from a signalfd. Returns its number, 0 when none is pending,
 * or -1 with errno set. */
int cloop_signalfd_read(int fd);

#endif
