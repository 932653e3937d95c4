#include "CEngineLinux.h"

#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <time.h>

int cengine_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int cengine_timerfd_arm(int fd, uint64_t deadline_ns) {
    struct itimerspec spec = {0};
    /* An all-zero it_value would disarm the timer; 1 ns is long past, so it fires. */
    if (deadline_ns == 0) deadline_ns = 1;
    spec.it_value.tv_sec = (time_t)(deadline_ns / 1000000000u);
    spec.it_value.tv_nsec = (long)(deadline_ns % 1000000000u);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int cengine_timerfd_disarm(int fd) {
    struct itimerspec spec = {0};
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int cengine_eventfd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}
