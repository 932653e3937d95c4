#include "internal.h"

#if CGPIOD_API == 1

#include <string.h>

int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info) {
    cgpiod_copy_name(info->name, gpiod_chip_name(chip->chip));
    cgpiod_copy_name(info->label, gpiod_chip_label(chip->chip));
    info->num_lines = gpiod_chip_num_lines(chip->chip);
    return 0;
}

static int bias_of(struct gpiod_line *line) {
    switch (gpiod_line_bias(line)) {
    case GPIOD_LINE_BIAS_DISABLE: return CGPIOD_BIAS_DISABLED;
    case GPIOD_LINE_BIAS_PULL_UP: return CGPIOD_BIAS_PULL_UP;
    case GPIOD_LINE_BIAS_PULL_DOWN: return CGPIOD_BIAS_PULL_DOWN;
    default: return CGPIOD_BIAS_AS_IS;
    }
}

int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset, cgpiod_line_info *info) {
    /* gpiod_chip_get_line asks the kernel afresh every time. */
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line)
        return -1;
    memset(info, 0, sizeof(*info));
    info->offset = offset;
    cgpiod_copy_name(info->name, gpiod_line_name(line));
    cgpiod_copy_name(info->consumer, gpiod_line_consumer(line));
    info->used = gpiod_line_is_used(line);
    info->direction = gpiod_line_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT
                          ? CGPIOD_DIRECTION_OUTPUT : CGPIOD_DIRECTION_INPUT;
    info->active_low = gpiod_line_active_state(line) == GPIOD_LINE_ACTIVE_STATE_LOW;
    info->bias = bias_of(line);
    info->drive = gpiod_line_is_open_drain(line) ? CGPIOD_DRIVE_OPEN_DRAIN
                  : gpiod_line_is_open_source(line) ? CGPIOD_DRIVE_OPEN_SOURCE
                  : CGPIOD_DRIVE_PUSH_PULL;
    info->debounce_us = 0;
    return 0;
}

#else
typedef int cgpiod_chip_v1_unused;
#endif
