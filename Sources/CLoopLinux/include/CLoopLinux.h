#ifndef CLOOPLINUX_H
#define CLOOPLINUX_H

/*
 * The Linux descriptors the event loop polls besides the GPIO ones: a timerfd
 * for its timers, an eventfd for wake-ups from other threads and a signalfd for the
 * signals the daemon handles. Glibc's Swift module does not include <sys/timerfd.h>,
 * <sys/eventfd.h> or <sys/signalfd.h>, so the shim exposes plain functions. Imported by
 * the Loop module only.
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
