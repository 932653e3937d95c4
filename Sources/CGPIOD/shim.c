#include "CGPIOD.h"
#include <gpiod.h>

/* Only the v1 header defines GPIOD_LINE_BULK_MAX_LINES. */
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define CGPIOD_API 1
#else
#define CGPIOD_API 2
#endif

int cgpiod_api_generation(void) { return CGPIOD_API; }

const char *cgpiod_library_version(void) {
#if CGPIOD_API == 1
    return gpiod_version_string();
#else
    return gpiod_api_version();
#endif
}
