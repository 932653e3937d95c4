#ifndef CGPIOD_INTERNAL_H
#define CGPIOD_INTERNAL_H

#include "CGPIOD.h"
#include <gpiod.h>

/* Only the v1 header defines GPIOD_LINE_BULK_MAX_LINES. */
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define CGPIOD_API 1
#else
#define CGPIOD_API 2
#endif

#include <limits.h>

struct cgpiod_chip {
    struct gpiod_chip *chip;
    /* v1 requests open their own handle from this path: closing a v1 chip handle
     * releases every line requested through it, and our chips must not do that. */
    char path[PATH_MAX];
};

/* Copies a possibly NULL, possibly unterminated kernel string into `destination`. */
void cgpiod_copy_name(char destination[CGPIOD_NAME_SIZE], const char *source);

/* Makes reads from `fd` return EAGAIN instead of blocking. */
int cgpiod_set_nonblocking(int fd);

#endif
