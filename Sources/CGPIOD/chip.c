#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* gpiod_chip_open and gpiod_chip_close have the same signature in both generations. */

cgpiod_chip *cgpiod_chip_open(const char *path) {
    if (strlen(path) >= PATH_MAX) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    cgpiod_chip *chip = calloc(1, sizeof(*chip));
    if (!chip)
        return NULL;
    chip->chip = gpiod_chip_open(path);
    if (!chip->chip) {
        int saved = errno;
        free(chip);
        errno = saved;
        return NULL;
    }
    strcpy(chip->path, path);
    return chip;
}

void cgpiod_chip_close(cgpiod_chip *chip) {
    if (!chip)
        return;
    gpiod_chip_close(chip->chip);
    free(chip);
}
