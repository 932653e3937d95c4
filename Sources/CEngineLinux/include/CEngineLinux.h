#ifndef CENGINELINUX_H
#define CENGINELINUX_H

/*
 * The Linux descriptors the engine's event loop polls besides the GPIO ones: a timerfd
 * for its timers and an eventfd for wake-ups from other threads. Glibc's Swift module
 * does not include <sys/timerfd.h> or <sys/eventfd.h>, so the shim exposes plain
 * functions. Imported by the Engine module only.
 */

#include <stdint.h>

/* A non-blocking, close-on-exec timerfd on CLOCK_MONOTONIC. Returns the descriptor, or
 * -1 with errno set. */
int cengine_timerfd_create(void);

/* Arms `fd` to expire once at the absolute CLOCK_MONOTONIC time `deadline_ns` (at once
 * if that has passed). Returns 0, or -1 with errno set. */
int cengine_timerfd_arm(int fd, uint64_t deadline_ns);

/* Disarms `fd`. Returns 0, or -1 with errno set. */
int cengine_timerfd_disarm(int fd);

/* A non-blocking, close-on-exec eventfd counting from 0. Returns the descriptor, or -1
 * with errno set. */
int cengine_eventfd_create(void);

#endif
