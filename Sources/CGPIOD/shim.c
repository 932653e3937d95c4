#include "internal.h"

#include <fcntl.h>
#include <string.h>

int cgpiod_api_generation(void) { return CGPIOD_API; }

const char *cgpiod_library_version(void) {
#if CGPIOD_API == 1
    return gpiod_version_string();
#else
    return gpiod_api_version();
#endif
}

void cgpiod_copy_name(char destination[CGPIOD_NAME_SIZE], const char *source) {
    size_t length = source ? strnlen(source, CGPIOD_NAME_SIZE - 1) : 0;
    if (length > 0)
        memcpy(destination, source, length);
    destination[length] = '\0';
}

int cgpiod_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0)
        return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}
