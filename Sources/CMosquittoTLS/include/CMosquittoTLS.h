#ifndef CMOSQUITTOTLS_H
#define CMOSQUITTOTLS_H

/*
 * The TLS context the MQTT module hands libmosquitto (MOSQ_OPT_SSL_CTX), built with
 * OpenSSL directly because libmosquitto's own cannot do what we need: gpioagg resolves
 * the broker's host name off its event loop and connects libmosquitto to the numeric
 * address, and libmosquitto checks the certificate against (and sends as SNI) whatever
 * it was told to connect to. This context checks the broker's host name instead
 * (X509_VERIFY_PARAM_set1_host, or _set1_ip_asc for an address literal) and puts that
 * name in the ClientHello's SNI, whatever address the connection is made with.
 * Imported by the MQTT module only.
 *
 * OpenSSL is not linked: cmosq_tls_context_new loads it (libssl.so.3) the first time,
 * and fails with the reason when it cannot (OpenSSL.h).
 */

#include <stddef.h>

/* PEM text already read by the caller (the MQTT module reads the files itself, without
 * blocking and refusing what is not a regular file: OpenSSL's own file loading opens a
 * FIFO and waits on it), with the file's name for messages. `bytes` NULL: not given. */
typedef struct {
    const void *bytes;
    size_t count;
    const char *name;
} cmosq_pem;

/* A client TLS context for a broker named `host`: TLS 1.2 or later; the broker's
 * certificate must chain to the certificates in `ca` (the system's when `ca.bytes` is
 * NULL) and name `host`; `cert` and `key` (both or neither) are the client's
 * certificate chain and key; an encrypted key is refused, never asked a passphrase for.
 * Returns an SSL_CTX, or NULL with a message of at most `error_size` bytes in `error`.
 * Release it with cmosq_tls_context_free (libmosquitto keeps a reference of its own
 * while it uses it). */
void *cmosq_tls_context_new(const char *host, cmosq_pem ca, cmosq_pem cert, cmosq_pem key,
                            char *error, size_t error_size);

void cmosq_tls_context_free(void *context);

/* Whether the handshake of `ssl` (mosquitto_ssl_get) is still under way: 1 or 0 (0 for
 * NULL). */
int cmosq_tls_handshake_pending(const void *ssl);

/* Whether the last TLS operation on `ssl` waits for the socket to be writable. */
int cmosq_tls_wants_write(const void *ssl);

/* Why a connection made with `context` refused the broker's certificate, if one did
 * (else NULL): OpenSSL's words, e.g. "hostname mismatch". Kept on the context, since
 * libmosquitto frees the connection's SSL when the handshake fails within
 * mosquitto_connect_async. */
const char *cmosq_tls_context_refusal(const void *context);

/* OpenSSL's own words for the oldest error queued on this thread, cleared from the
 * queue; NULL when there is none. */
const char *cmosq_tls_last_error(char *buffer, size_t size);

#endif
