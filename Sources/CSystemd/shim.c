#include "CSystemd.h"

/* The entries carry the Swift caller's CODE_FILE, CODE_LINE and CODE_FUNC; without this,
 * sd-journal.h's macros add the shim's own location as a second set. */
#define SD_JOURNAL_SUPPRESS_LOCATION

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
#include <unistd.h>

int csystemd_notify(const char *state) { return sd_notify(0, state); }

int csystemd_watchdog_enabled(uint64_t *usec) { return sd_watchdog_enabled(0, usec); }

int csystemd_journal_send(const char *const *fields, const size_t *lengths, int count) {
    struct iovec vectors[64];
    if (count < 0 || count > 64) return -22; /* -EINVAL */
    for (int i = 0; i < count; i++) {
        vectors[i].iov_base = (void *)fields[i];
        vectors[i].iov_len = lengths[i];
    }
    return sd_journal_sendv(vectors, count);
}

int csystemd_stderr_is_journal(void) {
    const char *stream = getenv("JOURNAL_STREAM");
    if (stream == NULL) return 0;
    unsigned long long device = 0, inode = 0;
    if (sscanf(stream, "%llu:%llu", &device, &inode) != 2) return 0;
    struct stat status;
    if (fstat(STDERR_FILENO, &status) != 0) return 0;
    return (unsigned long long)status.st_dev == device && (unsigned long long)status.st_ino == inode;
}
