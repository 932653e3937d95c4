#include "internal.h"

#if CGPIOD_API == 1

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * libgpiod 1.6 speaks the kernel's v1 uAPI: every input line gets its own event
 * descriptor (and so its own 16-event FIFO), and all outputs of one handle share one
 * set of flags. Outputs whose flags differ therefore go into separate handles
 * ("groups"), each written with one ioctl.
 */
struct cgpiod_request {
    /* A handle of our own: gpiod_chip_close releases every line requested through the
     * handle, so the lines live exactly as long as this request. */
    struct gpiod_chip *chip;
    int is_output;
    size_t count;
    unsigned int offsets[CGPIOD_MAX_LINES];
    struct gpiod_line *lines[CGPIOD_MAX_LINES];
    /* Inputs: the line's event descriptor. */
    int fds[CGPIOD_MAX_LINES];
    /* Outputs: the index of the first line of the line's group, and the logical value
     * last written (the v1 ioctl sets every line of a handle at once). */
    size_t group[CGPIOD_MAX_LINES];
    int values[CGPIOD_MAX_LINES];
};

static int bias_flags(int bias) {
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: return GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
    case CGPIOD_BIAS_PULL_UP: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
    case CGPIOD_BIAS_PULL_DOWN: return GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
    default: return 0;
    }
}

static int drive_flags(int drive) {
    switch (drive) {
    case CGPIOD_DRIVE_OPEN_DRAIN: return GPIOD_LINE_REQUEST_FLAG_OPEN_DRAIN;
    case CGPIOD_DRIVE_OPEN_SOURCE: return GPIOD_LINE_REQUEST_FLAG_OPEN_SOURCE;
    default: return 0;
    }
}

/* Allocates a request with its own chip handle and the line objects of `offsets`. */
static cgpiod_request *request_new(cgpiod_chip *chip, size_t count, int is_output) {
    if (count == 0 || count > CGPIOD_MAX_LINES) {
        errno = EINVAL;
        return NULL;
    }
    cgpiod_request *request = calloc(1, sizeof(*request));
    if (!request)
        return NULL;
    request->chip = gpiod_chip_open(chip->path);
    if (!request->chip) {
        int saved = errno;
        free(request);
        errno = saved;
        return NULL;
    }
    request->count = count;
    request->is_output = is_output;
    return request;
}

/* Frees a request, releasing whatever lines it holds, keeping errno. */
static void request_free(cgpiod_request *request) {
    int saved = errno;
    gpiod_chip_close(request->chip);
    free(request);
    errno = saved;
}

cgpiod_request *cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_line *lines,
                                      size_t count, const char *consumer,
                                      size_t event_buffer_size) {
    (void)event_buffer_size; /* v1's FIFO is fixed at 16 events per line */
    cgpiod_request *request = request_new(chip, count, 0);
    if (!request)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        struct gpiod_line *line = gpiod_chip_get_line(request->chip, lines[i].offset);
        if (!line)
            goto fail;
        struct gpiod_line_request_config config = {
            .consumer = consumer,
            .request_type = GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES,
            .flags = bias_flags(lines[i].bias)
                     | (lines[i].active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0),
        };
        if (gpiod_line_request(line, &config, 0) < 0)
            goto fail;
        int fd = gpiod_line_event_get_fd(line);
        if (fd < 0 || cgpiod_set_nonblocking(fd) < 0)
            goto fail;
        request->offsets[i] = lines[i].offset;
        request->lines[i] = line;
        request->fds[i] = fd;
    }
    return request;
fail:
    request_free(request);
    return NULL;
}

static int output_flags(const cgpiod_output_line *line) {
    return bias_flags(line->bias) | drive_flags(line->drive)
           | (line->active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0);
}

/* Collects the lines of the group that starts at `first`, in request order. */
static void group_bulk(cgpiod_request *request, size_t first, struct gpiod_line_bulk *bulk,
                       int *values, size_t *indices) {
    gpiod_line_bulk_init(bulk);
    unsigned int n = 0;
    for (size_t i = first; i < request->count; i++) {
        if (request->group[i] != first)
            continue;
        gpiod_line_bulk_add(bulk, request->lines[i]);
        values[n] = request->values[i];
        indices[n] = i;
        n++;
    }
}

cgpiod_request *cgpiod_request_outputs(cgpiod_chip *chip, const cgpiod_output_line *lines,
                                       size_t count, const char *consumer) {
    cgpiod_request *request = request_new(chip, count, 1);
    if (!request)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        struct gpiod_line *line = gpiod_chip_get_line(request->chip, lines[i].offset);
        if (!line)
            goto fail;
        request->offsets[i] = lines[i].offset;
        request->lines[i] = line;
        request->values[i] = lines[i].value ? 1 : 0;
        request->group[i] = i;
        for (size_t j = 0; j < i; j++) {
            if (output_flags(&lines[j]) == output_flags(&lines[i])) {
                request->group[i] = request->group[j];
                break;
            }
        }
    }
    for (size_t first = 0; first < count; first++) {
        if (request->group[first] != first)
            continue;
        struct gpiod_line_bulk bulk;
        int values[CGPIOD_MAX_LINES];
        size_t indices[CGPIOD_MAX_LINES];
        group_bulk(request, first, &bulk, values, indices);
        struct gpiod_line_request_config config = {
            .consumer = consumer,
            .request_type = GPIOD_LINE_REQUEST_DIRECTION_OUTPUT,
            .flags = output_flags(&lines[first]),
        };
        if (gpiod_line_request_bulk(&bulk, &config, values) < 0)
            goto fail;
    }
    return request;
fail:
    request_free(request);
    return NULL;
}

void cgpiod_request_release(cgpiod_request *request) {
    if (request)
        request_free(request);
}

size_t cgpiod_request_num_fds(cgpiod_request *request) {
    return request->is_output ? 0 : request->count;
}

int cgpiod_request_fd(cgpiod_request *request, size_t index) {
    if (request->is_output || index >= request->count) {
        errno = EINVAL;
        return -1;
    }
    return request->fds[index];
}

size_t cgpiod_request_event_capacity(cgpiod_request *request) {
    return request->is_output ? 0 : 16;
}

int cgpiod_request_get_values(cgpiod_request *request, int *values) {
    if (!request->is_output) {
        /* Each input line has its own descriptor: one ioctl per line. */
        for (size_t i = 0; i < request->count; i++) {
            int value = gpiod_line_get_value(request->lines[i]);
            if (value < 0)
                return -1;
            values[i] = value;
        }
        return 0;
    }
    for (size_t first = 0; first < request->count; first++) {
        if (request->group[first] != first)
            continue;
        struct gpiod_line_bulk bulk;
        int group_values[CGPIOD_MAX_LINES];
        size_t indices[CGPIOD_MAX_LINES];
        group_bulk(request, first, &bulk, group_values, indices);
        if (gpiod_line_get_value_bulk(&bulk, group_values) < 0)
            return -1;
        for (unsigned int n = 0; n < gpiod_line_bulk_num_lines(&bulk); n++)
            values[indices[n]] = group_values[n];
    }
    return 0;
}

static int index_of(cgpiod_request *request, unsigned int offset) {
    for (size_t i = 0; i < request->count; i++) {
        if (request->offsets[i] == offset)
            return (int)i;
    }
    return -1;
}

int cgpiod_request_set_values(cgpiod_request *request, size_t count,
                              const unsigned int *offsets, const int *values) {
    if (!request->is_output) {
        errno = EPERM;
        return -1;
    }
    int next[CGPIOD_MAX_LINES];
    int touched[CGPIOD_MAX_LINES] = {0};
    memcpy(next, request->values, sizeof(next));
    for (size_t k = 0; k < count; k++) {
        int i = index_of(request, offsets[k]);
        if (i < 0) {
            errno = EINVAL;
            return -1;
        }
        next[i] = values[k] ? 1 : 0;
        touched[request->group[i]] = 1;
    }
    for (size_t first = 0; first < request->count; first++) {
        if (request->group[first] != first || !touched[first])
            continue;
        struct gpiod_line_bulk bulk;
        int group_values[CGPIOD_MAX_LINES];
        size_t indices[CGPIOD_MAX_LINES];
        group_bulk(request, first, &bulk, group_values, indices);
        unsigned int n_lines = gpiod_line_bulk_num_lines(&bulk);
        for (unsigned int n = 0; n < n_lines; n++)
            group_values[n] = next[indices[n]];
        if (gpiod_line_set_value_bulk(&bulk, group_values) < 0)
            return -1;
        /* Only what reached the kernel becomes the state later writes start from. */
        for (unsigned int n = 0; n < n_lines; n++)
            request->values[indices[n]] = group_values[n];
    }
    return 0;
}

int cgpiod_request_read_events(cgpiod_request *request, int fd, cgpiod_edge_event *events,
                               size_t capacity) {
    size_t index = request->count;
    for (size_t i = 0; !request->is_output && i < request->count; i++) {
        if (request->fds[i] == fd) {
            index = i;
            break;
        }
    }
    if (index == request->count) {
        errno = EBADF;
        return -1;
    }
    /* The kernel's FIFO holds 16 events, so one read of 16 empties it. */
    struct gpiod_line_event buffer[16];
    unsigned int wanted = capacity < 16 ? (unsigned int)capacity : 16;
    if (wanted == 0)
        return 0;
    int n = gpiod_line_event_read_fd_multiple(fd, buffer, wanted);
    if (n < 0)
        return errno == EAGAIN ? 0 : -1;
    for (int k = 0; k < n; k++) {
        events[k].offset = request->offsets[index];
        events[k].type = buffer[k].event_type == GPIOD_LINE_EVENT_RISING_EDGE
                             ? CGPIOD_EDGE_RISING : CGPIOD_EDGE_FALLING;
        events[k].timestamp_ns = (uint64_t)buffer[k].ts.tv_sec * 1000000000u
                                 + (uint64_t)buffer[k].ts.tv_nsec;
        events[k].global_seqno = 0;
        events[k].line_seqno = 0;
    }
    return n;
}

#else
typedef int cgpiod_request_v1_unused;
#endif
