#ifndef CSYSTEMD_H
#define CSYSTEMD_H

/*
 * The one C entry point to libsystemd. sd_notify's variadic siblings do not import
 * into Swift, so the shim exposes plain functions.
 */

/* sd_notify(0, state): sends `state` (e.g. "READY=1") to $NOTIFY_SOCKET. Returns
 * > 0 when sent, 0 when not running under a service manager, < 0 (-errno) on error. */
int csystemd_notify(const char *state);

#endif
