#ifndef CGPIOD_H
#define CGPIOD_H

/*
 * The one C entry point to libgpiod. It builds against libgpiod 1.6.x (the v1 API of
 * Debian bookworm, Raspberry Pi OS bookworm and Ubuntu 24.04) or 2.x (Debian trixie);
 * the generation is chosen from the installed <gpiod.h>.
 *
 * Everything below is the same whichever generation is compiled in: plain structs and
 * ints, so that the Swift side has a single code path. Functions that fail return NULL
 * or -1 with errno set by the failing call (cleanup after a failure keeps that errno).
 */

#include <stddef.h>
#include <stdint.h>

/* 1 or 2: the libgpiod API generation this shim was compiled against. */
int cgpiod_api_generation(void);

/* The version string of the libgpiod library loaded at run time, e.g. "1.6.3". */
const char *cgpiod_library_version(void);

/* Size of the kernel's name, label and consumer strings, terminator included. */
#define CGPIOD_NAME_SIZE 32

/* The most lines one request may hold (the kernel's limit for both uAPI versions). */
#define CGPIOD_MAX_LINES 64

enum {
    CGPIOD_DIRECTION_INPUT = 0,
    CGPIOD_DIRECTION_OUTPUT = 1,
};

enum {
    CGPIOD_BIAS_AS_IS = 0,
    CGPIOD_BIAS_DISABLED = 1,
    CGPIOD_BIAS_PULL_UP = 2,
    CGPIOD_BIAS_PULL_DOWN = 3,
};

enum {
    CGPIOD_DRIVE_PUSH_PULL = 0,
    CGPIOD_DRIVE_OPEN_DRAIN = 1,
    CGPIOD_DRIVE_OPEN_SOURCE = 2,
};

enum {
    CGPIOD_EDGE_RISING = 1,
    CGPIOD_EDGE_FALLING = 2,
};

/* An open chip. Closing it leaves the lines requested through it requested. */
typedef struct cgpiod_chip cgpiod_chip;

/* Lines held by one request, inputs or outputs. */
typedef struct cgpiod_request cgpiod_request;

typedef struct {
    char name[CGPIOD_NAME_SIZE];
    char label[CGPIOD_NAME_SIZE];
    unsigned int num_lines;
} cgpiod_chip_info;

typedef struct {
    unsigned int offset;
    char name[CGPIOD_NAME_SIZE];     /* empty when unnamed */
    char consumer[CGPIOD_NAME_SIZE]; /* empty when free or unlabelled */
    int used;
    int direction;                   /* CGPIOD_DIRECTION_* */
    int active_low;
    int bias;                        /* CGPIOD_BIAS_* */
    int drive;                       /* CGPIOD_DRIVE_* */
    unsigned long debounce_us;       /* always 0 with v1 */
} cgpiod_line_info;

typedef struct {
    unsigned int offset;
    int active_low;
    int bias;                        /* CGPIOD_BIAS_* */
    unsigned int debounce_us;        /* ignored by v1, which cannot debounce */
} cgpiod_input_line;

typedef struct {
    unsigned int offset;
    int active_low;
    int bias;                        /* CGPIOD_BIAS_* */
    int drive;                       /* CGPIOD_DRIVE_* */
    int value;                       /* initial logical value */
} cgpiod_output_line;

typedef struct {
    unsigned int offset;
    int type;                        /* CGPIOD_EDGE_* */
    uint64_t timestamp_ns;           /* CLOCK_MONOTONIC */
    uint64_t global_seqno;           /* 0 with v1 */
    uint64_t line_seqno;             /* 0 with v1 */
} cgpiod_edge_event;

/* Opens the chip at `path`. NULL on failure. */
cgpiod_chip *cgpiod_chip_open(const char *path);
void cgpiod_chip_close(cgpiod_chip *chip);
int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info);
int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset, cgpiod_line_info *info);

/*
 * Requests `count` lines as inputs with edge detection on both edges and CLOCK_MONOTONIC
 * timestamps. `event_buffer_size` is passed to the kernel (v2; 0 for its default).
 * Event descriptors are non-blocking. NULL on failure.
 */
cgpiod_request *cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_line *lines,
                                      size_t count, const char *consumer,
                                      size_t event_buffer_size);

/* Requests `count` lines as outputs, each driven to its initial value. NULL on failure. */
cgpiod_request *cgpiod_request_outputs(cgpiod_chip *chip, const cgpiod_output_line *lines,
                                       size_t count, const char *consumer);

/* Gives the lines back to the kernel and frees the request. */
void cgpiod_request_release(cgpiod_request *request);

/* The descriptors to poll: one for the request (v2), one per input line (v1). */
size_t cgpiod_request_num_fds(cgpiod_request *request);
int cgpiod_request_fd(cgpiod_request *request, size_t index);

/* How many events the kernel keeps per descriptor before it drops some: 16 per line
 * with v1; with v2 the request's buffer size (16 per line when 0) as kfifo_alloc
 * rounds it, to a power of two of at most 1024. 0 for outputs. */
size_t cgpiod_request_event_capacity(cgpiod_request *request);

/* Logical values of all lines, in request order. */
int cgpiod_request_get_values(cgpiod_request *request, int *values);

/* Sets `count` lines of an output request, named by offset, in as few ioctls as the
 * uAPI allows (one with v2; one per group of identically configured lines with v1). */
int cgpiod_request_set_values(cgpiod_request *request, size_t count,
                              const unsigned int *offsets, const int *values);

/*
 * Reads up to `capacity` waiting events from `fd` (one of the request's descriptors)
 * without blocking. Returns how many it stored, 0 when none were waiting, -1 on error.
 */
int cgpiod_request_read_events(cgpiod_request *request, int fd, cgpiod_edge_event *events,
                               size_t capacity);

#endif
