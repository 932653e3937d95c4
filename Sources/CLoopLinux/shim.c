#include "CLoopLinux.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

int cloop_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int cloop_timerfd_arm(int fd, uint64_t deadline_ns) {
    struct itimerspec spec = {0};
    /* An all-zero it_value would disarm the timer; 1 ns is long past, so it fires. */
    if (deadline_ns == 0) deadline_ns = 1;
    spec.it_value.tv_sec = (time_t)(deadline_ns / 1000000000u);
    spec.it_value.tv_nsec = (long)(deadline_ns % 1000000000u);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int cloop_timerfd_disarm(int fd) {
    struct itimerspec spec = {0};
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int cloop_wall_timerfd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

int cloop_wall_timerfd_arm(int fd, int64_t instant_ns, int never) {
    struct itimerspec spec = {0};
    if (never) {
        /* The largest time_t: armed, so that a step is still reported, and never due. */
        spec.it_value.tv_sec = (time_t)(((uint64_t)1 << (sizeof(time_t) * 8 - 1)) - 1);
    } else {
        /* Before the epoch, or at it, is long past: 1 ns fires at once (0 would disarm). */
        if (instant_ns <= 0) instant_ns = 1;
        spec.it_value.tv_sec = (time_t)(instant_ns / 1000000000);
        spec.it_value.tv_nsec = (long)(instant_ns % 1000000000);
    }
    int rc = timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
    if (rc < 0 && errno == ECANCELED) return 1;
    return rc;
}

int cloop_wall_timerfd_read(int fd) {
    uint64_t expirations = 0;
    for (;;) {
        ssize_t n = read(fd, &expirations, sizeof expirations);
        if (n == (ssize_t)sizeof expirations) return 1;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == ECANCELED) return 2;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        if (n >= 0) errno = EIO;
        return -1;
    }
}

int cloop_adjtimex_read(long *maxerror_us, int *status) {
    struct timex tx = {0};
    tx.modes = 0;
    if (adjtimex(&tx) < 0) return -1;
    *maxerror_us = tx.maxerror;
    *status = tx.status;
    return 0;
}

int cloop_eventfd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

static int fill_set(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) {
        if (sigaddset(set, signals[i]) != 0) return -1;
    }
    return 0;
}

int cloop_signals_block(const int *signals, int count) {
    sigset_t set;
    if (fill_set(&set, signals, count) != 0) return -1;
    int rc = pthread_sigmask(SIG_BLOCK, &set, NULL);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    return 0;
}

int cloop_signalfd_create(const int *signals, int count) {
    sigset_t set;
    if (fill_set(&set, signals, count) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int cloop_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    for (;;) {
        ssize_t n = read(fd, &info, sizeof info);
        if (n == (ssize_t)sizeof info) return (int)info.ssi_signo;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        if (n >= 0) errno = EIO;
        return -1;
    }
}
