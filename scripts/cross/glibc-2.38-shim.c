/* The four glibc 2.38 functions that Debian sid's aarch64 Swift runtime calls, for a
 * binary that runs on glibc 2.36 (Debian and Raspberry Pi OS bookworm), which lacks
 * them. Linked into the bookworm build only (scripts/cross/build); trixie's glibc 2.41
 * has them all.
 *
 * glibc 2.38 compiles strtol, strtoll and sscanf as their ISO C23 variants when the
 * compiler asks for C23 or GNU extensions: those also read "0b" binary numbers. The
 * runtime never gives them such text, so the C99 functions of 2.36 do the same job.
 * strlcpy is BSD's, added to glibc in 2.38. */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *text, char **end, int base) {
    return strtol(text, end, base);
}

long long __isoc23_strtoll(const char *text, char **end, int base) {
    return strtoll(text, end, base);
}

int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int count = vsscanf(text, format, arguments);
    va_end(arguments);
    return count;
}

/* Copies at most size - 1 bytes and always ends the copy with a NUL (when size > 0);
 * returns strlen(source), so that a result >= size tells the copy was cut. */
size_t strlcpy(char *destination, const char *source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}
