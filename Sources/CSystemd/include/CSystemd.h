#ifndef CSYSTEMD_H
#define CSYSTEMD_H

/*
 * The one C entry point to libsystemd. sd_notify's and sd_journal_send's variadic
 * forms do not import into Swift, so the shim exposes plain functions over their
 * non-variadic siblings.
 */

#include <stddef.h>
#include <stdint.h>

/* sd_notify(0, state): sends `state` (e.g. "READY=1") to $NOTIFY_SOCKET. Returns
 * > 0 when sent, 0 when not running under a service manager, < 0 (-errno) on error. */
int csystemd_notify(const char *state);

/* sd_watchdog_enabled(0, &usec): > 0 with the watchdog period in *usec when the
 * service manager expects WATCHDOG=1 from this process ($WATCHDOG_USEC set, and
 * $WATCHDOG_PID unset or this process), 0 when not, < 0 (-errno) on a bad value. */
int csystemd_watchdog_enabled(uint64_t *usec);

/* sd_journal_sendv: one journal entry from `count` "FIELD=value" strings, each
 * `lengths[i]` bytes long (values may hold newlines). Returns 0, or < 0 (-errno). */
int csystemd_journal_send(const char *const *fields, const size_t *lengths, int count);

/* Whether standard error is the journal's stream ($JOURNAL_STREAM names its device and
 * inode), so that entries should go to the journal natively. */
int csystemd_stderr_is_journal(void);

#endif
