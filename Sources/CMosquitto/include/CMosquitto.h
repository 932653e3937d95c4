#ifndef CMOSQUITTO_H
#define CMOSQUITTO_H

/*
 * libmosquitto 2.0 (Debian's libmosquitto-dev at build time, libmosquitto1 at run time)
 * as a Swift module. The MQTT module drives it from gpioagg's event loop:
 * mosquitto_socket, mosquitto_loop_read/_write/_misc; never mosquitto_loop_start's thread.
 * Imported by the MQTT module only.
 *
 * gpioagg does not link libmosquitto: a daemon without MQTT would otherwise map it and
 * OpenSSL (about 1.7 MiB resident) for nothing. Every function of <mosquitto.h> is
 * defined here under its own name and signature, and calls the library's, which is
 * loaded (dlopen, libmosquitto.so.1) the first time any of them is called. When it
 * cannot be loaded, they fail as the library itself would fail a call (MOSQ_ERR_ERRNO
 * with errno ELIBACC, NULL, -1); cmosq_library_load says why.
 */

#include <stddef.h>

#include <mosquitto.h>
/* MQTT's constants: libmosquitto 2.1's mosquitto.h includes them from its own folder and
 * warns when the old header is included; 2.0's are in mqtt_protocol.h. */
#if !__has_include(<mosquitto/mqtt_protocol.h>)
#include <mqtt_protocol.h>
#endif

/* The soname loaded, as the dynamic loader looks it up. */
#define CMOSQ_LIBRARY_SONAME "libmosquitto.so.1"

/* Loads libmosquitto if no call has yet: 0 once it is loaded, else -1 with the reason
 * (the loader's, e.g. "libmosquitto.so.1: cannot open shared object file: No such file
 * or directory") in `error`, at most `error_size` bytes. Thread-safe; the library is
 * looked for once per process, and the answer kept. */
int cmosq_library_load(char *error, size_t error_size);

#endif
