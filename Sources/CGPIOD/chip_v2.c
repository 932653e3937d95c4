#include "internal.h"

#if CGPIOD_API == 2

#include <string.h>

int cgpiod_chip_get_info(cgpiod_chip *chip, cgpiod_chip_info *info) {
    struct gpiod_chip_info *chip_info = gpiod_chip_get_info(chip->chip);
    if (!chip_info)
        return -1;
    cgpiod_copy_name(info->name, gpiod_chip_info_get_name(chip_info));
    cgpiod_copy_name(info->label, gpiod_chip_info_get_label(chip_info));
    info->num_lines = (unsigned int)gpiod_chip_info_get_num_lines(chip_info);
    gpiod_chip_info_free(chip_info);
    return 0;
}

static int bias_of(struct gpiod_line_info *line) {
    switch (gpiod_line_info_get_bias(line)) {
    case GPIOD_LINE_BIAS_DISABLED: return CGPIOD_BIAS_DISABLED;
    case GPIOD_LINE_BIAS_PULL_UP: return CGPIOD_BIAS_PULL_UP;
    case GPIOD_LINE_BIAS_PULL_DOWN: return CGPIOD_BIAS_PULL_DOWN;
    default: return CGPIOD_BIAS_AS_IS;
    }
}

static int drive_of(struct gpiod_line_info *line) {
    switch (gpiod_line_info_get_drive(line)) {
    case GPIOD_LINE_DRIVE_OPEN_DRAIN: return CGPIOD_DRIVE_OPEN_DRAIN;
    case GPIOD_LINE_DRIVE_OPEN_SOURCE: return CGPIOD_DRIVE_OPEN_SOURCE;
    default: return CGPIOD_DRIVE_PUSH_PULL;
    }
}

int cgpiod_chip_get_line_info(cgpiod_chip *chip, unsigned int offset, cgpiod_line_info *info) {
    struct gpiod_line_info *line = gpiod_chip_get_line_info(chip->chip, offset);
    if (!line)
        return -1;
    memset(info, 0, sizeof(*info));
    info->offset = offset;
    cgpiod_copy_name(info->name, gpiod_line_info_get_name(line));
    cgpiod_copy_name(info->consumer, gpiod_line_info_get_consumer(line));
    info->used = gpiod_line_info_is_used(line);
    info->direction = gpiod_line_info_get_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT
                          ? CGPIOD_DIRECTION_OUTPUT : CGPIOD_DIRECTION_INPUT;
    info->active_low = gpiod_line_info_is_active_low(line);
    info->bias = bias_of(line);
    info->drive = drive_of(line);
    info->debounce_us = gpiod_line_info_get_debounce_period_us(line);
    gpiod_line_info_free(line);
    return 0;
}

#else
typedef int cgpiod_chip_v2_unused;
#endif
