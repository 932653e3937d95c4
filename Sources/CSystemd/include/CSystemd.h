#ifndef CSYSTEMD_H
#define CSYSTEMD_H

/*
 * systemd's notification and journal protocols, spoken directly (no libsystemd): the
 * same contracts as sd_notify(3), sd_watchdog_enabled(3) and sd_journal_sendv(3),
 * as plain functions Swift can call.
 */

#include <stddef.h>
#include <stdint.h>

/* As sd_notify(0, state): sends `state` (e.g. "READY=1") to $NOTIFY_SOCKET. Returns
 * > 0 when sent, 0 when not running under a service manager, < 0 (-errno) on error. */
int csystemd_notify(const char *state);

/* As sd_watchdog_enabled(0, &usec): > 0 with the watchdog period in *usec when the
 * service manager expects WATCHDOG=1 from this process ($WATCHDOG_USEC set, and
 * $WATCHDOG_PID unset or this process), 0 when not, < 0 (-errno) on a bad value. */
int csystemd_watchdog_enabled(uint64_t *usec);

/* As sd_journal_sendv: one journal entry from `count` "FIELD=value" strings, each
 * `lengths[i]` bytes long (values may hold newlines), at most 64 fields, in one
 * datagram without waiting. Returns 0, or < 0 (-errno): -EMSGSIZE for an entry too
 * large for one datagram, -EAGAIN when the journal is busy. */
int csystemd_journal_send(const char *const *fields, const size_t *lengths, int count);

/* csystemd_journal_send to another socket than journald's: for tests, which listen in
 * place of journald. */
int csystemd_journal_send_to(const char *path, const char *const *fields, const size_t *lengths, int count);

/* Whether standard error is the journal's stream ($JOURNAL_STREAM names its device and
 * inode), so that entries should go to the journal natively. */
int csystemd_stderr_is_journal(void);

#endif
