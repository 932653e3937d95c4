#include "internal.h"

#if CGPIOD_API == 2

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * libgpiod 2 speaks the kernel's v2 uAPI: one descriptor per request, one FIFO for all
 * its lines, sequence-numbered events, per-line settings and kernel debounce.
 */
struct cgpiod_request {
    struct gpiod_line_request *request;
    /* Inputs only: where read events land before they are copied out. */
    struct gpiod_edge_event_buffer *events;
    int is_output;
    size_t count;
    unsigned int offsets[CGPIOD_MAX_LINES];
};

static enum gpiod_line_bias bias_of(int bias) {
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: return GPIOD_LINE_BIAS_DISABLED;
    case CGPIOD_BIAS_PULL_UP: return GPIOD_LINE_BIAS_PULL_UP;
    case CGPIOD_BIAS_PULL_DOWN: return GPIOD_LINE_BIAS_PULL_DOWN;
    default: return GPIOD_LINE_BIAS_AS_IS;
    }
}

static enum gpiod_line_drive drive_of(int drive) {
    switch (drive) {
    case CGPIOD_DRIVE_OPEN_DRAIN: return GPIOD_LINE_DRIVE_OPEN_DRAIN;
    case CGPIOD_DRIVE_OPEN_SOURCE: return GPIOD_LINE_DRIVE_OPEN_SOURCE;
    default: return GPIOD_LINE_DRIVE_PUSH_PULL;
    }
}

/* The value objects of one request, built up line by line and freed together. */
struct request_builder {
    struct gpiod_line_settings *settings;
    struct gpiod_line_config *line_config;
    struct gpiod_request_config *request_config;
};

static void builder_free(struct request_builder *builder) {
    int saved = errno;
    if (builder->settings)
        gpiod_line_settings_free(builder->settings);
    if (builder->line_config)
        gpiod_line_config_free(builder->line_config);
    if (builder->request_config)
        gpiod_request_config_free(builder->request_config);
    errno = saved;
}

static int builder_init(struct request_builder *builder, size_t count, const char *consumer) {
    memset(builder, 0, sizeof(*builder));
    if (count == 0 || count > CGPIOD_MAX_LINES) {
        errno = EINVAL;
        return -1;
    }
    builder->settings = gpiod_line_settings_new();
    builder->line_config = gpiod_line_config_new();
    builder->request_config = gpiod_request_config_new();
    if (!builder->settings || !builder->line_config || !builder->request_config) {
        builder_free(builder);
        return -1;
    }
    if (consumer)
        gpiod_request_config_set_consumer(builder->request_config, consumer);
    return 0;
}

/* Adds the builder's current settings for one offset (the config copies them). */
static int builder_add(struct request_builder *builder, unsigned int offset) {
    return gpiod_line_config_add_line_settings(builder->line_config, &offset, 1,
                                               builder->settings);
}

static cgpiod_request *builder_request(struct request_builder *builder, cgpiod_chip *chip,
                                       const unsigned int *offsets, size_t count,
                                       int is_output) {
    cgpiod_request *request = calloc(1, sizeof(*request));
    if (!request)
        return NULL;
    request->request = gpiod_chip_request_lines(chip->chip, builder->request_config,
                                                builder->line_config);
    if (!request->request) {
        int saved = errno;
        free(request);
        errno = saved;
        return NULL;
    }
    request->is_output = is_output;
    request->count = count;
    memcpy(request->offsets, offsets, count * sizeof(*offsets));
    return request;
}

/* What the kernel's FIFO holds: the requested size (16 per line when 0), at most
 * 1024, rounded up to a power of two by kfifo_alloc. */
static size_t kernel_fifo_capacity(size_t requested, size_t count) {
    size_t size = requested ? requested : 16 * count;
    if (size > CGPIOD_MAX_LINES * 16)
        size = CGPIOD_MAX_LINES * 16;
    size_t capacity = 2;
    while (capacity < size)
        capacity *= 2;
    return capacity;
}

cgpiod_request *cgpiod_request_inputs(cgpiod_chip *chip, const cgpiod_input_line *lines,
                                      size_t count, const char *consumer,
                                      size_t event_buffer_size) {
    struct request_builder builder;
    if (builder_init(&builder, count, consumer) < 0)
        return NULL;
    /* kfifo_alloc rejects a FIFO of one element; two is the smallest the kernel takes. */
    if (event_buffer_size == 1)
        event_buffer_size = 2;
    gpiod_request_config_set_event_buffer_size(builder.request_config, event_buffer_size);
    unsigned int offsets[CGPIOD_MAX_LINES];
    for (size_t i = 0; i < count; i++) {
        struct gpiod_line_settings *settings = builder.settings;
        gpiod_line_settings_reset(settings);
        offsets[i] = lines[i].offset;
        if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) < 0
            || gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) < 0
            || gpiod_line_settings_set_bias(settings, bias_of(lines[i].bias)) < 0
            || gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC) < 0)
            goto fail;
        gpiod_line_settings_set_active_low(settings, lines[i].active_low != 0);
        gpiod_line_settings_set_debounce_period_us(settings, lines[i].debounce_us);
        if (builder_add(&builder, lines[i].offset) < 0)
            goto fail;
    }
    cgpiod_request *request = builder_request(&builder, chip, offsets, count, 0);
    if (!request)
        goto fail;
    builder_free(&builder);
    size_t capacity = kernel_fifo_capacity(event_buffer_size, count);
    request->events = gpiod_edge_event_buffer_new(capacity);
    int fd = gpiod_line_request_get_fd(request->request);
    if (!request->events || cgpiod_set_nonblocking(fd) < 0) {
        cgpiod_request_release(request);
        return NULL;
    }
    return request;
fail:
    builder_free(&builder);
    return NULL;
}

cgpiod_request *cgpiod_request_outputs(cgpiod_chip *chip, const cgpiod_output_line *lines,
                                       size_t count, const char *consumer) {
    struct request_builder builder;
    if (builder_init(&builder, count, consumer) < 0)
        return NULL;
    unsigned int offsets[CGPIOD_MAX_LINES];
    for (size_t i = 0; i < count; i++) {
        struct gpiod_line_settings *settings = builder.settings;
        gpiod_line_settings_reset(settings);
        offsets[i] = lines[i].offset;
        enum gpiod_line_value value = lines[i].value ? GPIOD_LINE_VALUE_ACTIVE
                                                     : GPIOD_LINE_VALUE_INACTIVE;
        if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0
            || gpiod_line_settings_set_bias(settings, bias_of(lines[i].bias)) < 0
            || gpiod_line_settings_set_drive(settings, drive_of(lines[i].drive)) < 0
            || gpiod_line_settings_set_output_value(settings, value) < 0)
            goto fail;
        gpiod_line_settings_set_active_low(settings, lines[i].active_low != 0);
        if (builder_add(&builder, lines[i].offset) < 0)
            goto fail;
    }
    cgpiod_request *request = builder_request(&builder, chip, offsets, count, 1);
    if (!request)
        goto fail;
    builder_free(&builder);
    return request;
fail:
    builder_free(&builder);
    return NULL;
}

void cgpiod_request_release(cgpiod_request *request) {
    if (!request)
        return;
    int saved = errno;
    gpiod_line_request_release(request->request);
    if (request->events)
        gpiod_edge_event_buffer_free(request->events);
    free(request);
    errno = saved;
}

size_t cgpiod_request_num_fds(cgpiod_request *request) {
    return request->is_output ? 0 : 1;
}

int cgpiod_request_fd(cgpiod_request *request, size_t index) {
    if (request->is_output || index != 0) {
        errno = EINVAL;
        return -1;
    }
    return gpiod_line_request_get_fd(request->request);
}

size_t cgpiod_request_event_capacity(cgpiod_request *request) {
    return request->events ? gpiod_edge_event_buffer_get_capacity(request->events) : 0;
}

int cgpiod_request_get_values(cgpiod_request *request, int *values) {
    enum gpiod_line_value read[CGPIOD_MAX_LINES];
    /* The subset call keeps our request order whatever order libgpiod stores. */
    if (gpiod_line_request_get_values_subset(request->request, request->count,
                                             request->offsets, read) < 0)
        return -1;
    for (size_t i = 0; i < request->count; i++)
        values[i] = read[i] == GPIOD_LINE_VALUE_ACTIVE;
    return 0;
}

int cgpiod_request_set_values(cgpiod_request *request, size_t count,
                              const unsigned int *offsets, const int *values) {
    if (!request->is_output) {
        errno = EPERM;
        return -1;
    }
    if (count == 0)
        return 0;
    if (count > CGPIOD_MAX_LINES) {
        errno = EINVAL;
        return -1;
    }
    enum gpiod_line_value written[CGPIOD_MAX_LINES];
    for (size_t i = 0; i < count; i++)
        written[i] = values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_values_subset(request->request, count, offsets, written);
}

int cgpiod_request_read_events(cgpiod_request *request, int fd, cgpiod_edge_event *events,
                               size_t capacity) {
    if (request->is_output || fd != gpiod_line_request_get_fd(request->request)) {
        errno = EBADF;
        return -1;
    }
    size_t buffered = gpiod_edge_event_buffer_get_capacity(request->events);
    size_t wanted = capacity < buffered ? capacity : buffered;
    if (wanted == 0)
        return 0;
    int n = gpiod_line_request_read_edge_events(request->request, request->events, wanted);
    if (n < 0)
        return errno == EAGAIN ? 0 : -1;
    for (int k = 0; k < n; k++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->events,
                                                                           (unsigned long)k);
        events[k].offset = gpiod_edge_event_get_line_offset(event);
        events[k].type = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE
                             ? CGPIOD_EDGE_RISING : CGPIOD_EDGE_FALLING;
        events[k].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
        events[k].global_seqno = gpiod_edge_event_get_global_seqno(event);
        events[k].line_seqno = gpiod_edge_event_get_line_seqno(event);
    }
    return n;
}

#else
typedef int cgpiod_request_v2_unused;
#endif
