#include "CSystemd.h"

/* systemd's two datagram protocols, spoken directly rather than through libsystemd:
 * the service manager's notification socket (sd_notify(3)) and the journal's native
 * protocol (systemd.io/JOURNAL_NATIVE_PROTOCOL). Both are one sendmsg on an AF_UNIX
 * datagram socket; linking libsystemd for them would bring in libgcrypt, liblzma,
 * liblz4, libzstd and libcap, about a megabyte of resident pages in the daemon. */

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

/* Fills `address` for a socket path ('@' at the start: the abstract namespace).
 * Returns the address length, or -1 if the path does not fit. */
static socklen_t unix_address(const char *path, struct sockaddr_un *address) {
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof(address->sun_path)) return (socklen_t)-1;
    memset(address, 0, sizeof(*address));
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path, path, length);
    if (path[0] == '@') address->sun_path[0] = '\0';
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + (path[0] == '@' ? 0 : 1));
}

int csystemd_notify(const char *state) {
    const char *path = getenv("NOTIFY_SOCKET");
    if (path == NULL || path[0] == '\0') return 0;
    if (path[0] != '/' && path[0] != '@') return -EAFNOSUPPORT;
    struct sockaddr_un address;
    socklen_t length = unix_address(path, &address);
    if (length == (socklen_t)-1) return -EINVAL;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    struct iovec vector = {.iov_base = (void *)state, .iov_len = strlen(state)};
    struct msghdr message = {
        .msg_name = &address, .msg_namelen = length, .msg_iov = &vector, .msg_iovlen = 1};
    ssize_t sent;
    do {
        sent = sendmsg(fd, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    int result = sent < 0 ? -errno : 1;
    close(fd);
    return result;
}

int csystemd_watchdog_enabled(uint64_t *usec) {
    const char *text = getenv("WATCHDOG_USEC");
    if (text == NULL) return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long period = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || period == 0) return -EINVAL;
    const char *pid = getenv("WATCHDOG_PID");
    if (pid != NULL) {
        errno = 0;
        unsigned long long owner = strtoull(pid, &end, 10);
        if (errno != 0 || end == pid || *end != '\0' || owner == 0) return -EINVAL;
        if ((pid_t)owner != getpid()) return 0;
    }
    if (usec) *usec = (uint64_t)period;
    return 1;
}

#define JOURNAL_SOCKET "/run/systemd/journal/socket"
#define MAXIMUM_FIELDS 64

static int journal_fd = -1;
static pthread_once_t journal_once = PTHREAD_ONCE_INIT;

static void open_journal(void) { journal_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0); }

int csystemd_journal_send(const char *const *fields, const size_t *lengths, int count) {
    return csystemd_journal_send_to(JOURNAL_SOCKET, fields, lengths, count);
}

int csystemd_journal_send_to(const char *path, const char *const *fields, const size_t *lengths, int count) {
    if (count < 0 || count > MAXIMUM_FIELDS) return -EINVAL;
    /* Per field: "KEY=value\n" when the value has no newline; otherwise "KEY\n", the
     * value's length as a little-endian 64-bit number, the value, "\n". */
    struct iovec vectors[MAXIMUM_FIELDS * 5];
    uint8_t sizes[MAXIMUM_FIELDS][8];
    static const char newline = '\n';
    int used = 0;
    for (int i = 0; i < count; i++) {
        const char *field = fields[i];
        const char *equals = memchr(field, '=', lengths[i]);
        if (equals == NULL || equals == field) return -EINVAL;
        size_t key = (size_t)(equals - field);
        const char *value = equals + 1;
        size_t value_length = lengths[i] - key - 1;
        if (memchr(value, '\n', value_length) == NULL) {
            vectors[used++] = (struct iovec){.iov_base = (void *)field, .iov_len = lengths[i]};
        } else {
            uint64_t size = value_length;
            for (int byte = 0; byte < 8; byte++) sizes[i][byte] = (uint8_t)(size >> (8 * byte));
            vectors[used++] = (struct iovec){.iov_base = (void *)field, .iov_len = key};
            vectors[used++] = (struct iovec){.iov_base = (void *)&newline, .iov_len = 1};
            vectors[used++] = (struct iovec){.iov_base = sizes[i], .iov_len = 8};
            vectors[used++] = (struct iovec){.iov_base = (void *)value, .iov_len = value_length};
        }
        vectors[used++] = (struct iovec){.iov_base = (void *)&newline, .iov_len = 1};
    }
    pthread_once(&journal_once, open_journal);
    if (journal_fd < 0) return -EBADF;
    struct sockaddr_un address;
    socklen_t length = unix_address(path, &address);
    if (length == (socklen_t)-1) return -EINVAL;
    struct msghdr message = {
        .msg_name = &address, .msg_namelen = length, .msg_iov = vectors, .msg_iovlen = (size_t)used};
    ssize_t sent;
    do {
        sent = sendmsg(journal_fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (sent < 0 && errno == EINTR);
    /* An entry too large for one datagram (EMSGSIZE) or a journal that is busy
     * (EAGAIN) is reported, and the caller writes the line to standard error instead:
     * the daemon's loop never waits on the journal. */
    return sent < 0 ? -errno : 0;
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
