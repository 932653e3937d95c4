#include "CMosquittoTLS.h"

#include <arpa/inet.h>
#include <limits.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "OpenSSL.h"

/* The broker's host name rides on the context (ex data), freed with it. */
static int host_index = -1;
static pthread_once_t host_index_once = PTHREAD_ONCE_INIT;

static void free_host(void *parent, void *ptr, CRYPTO_EX_DATA *ad, int idx, long argl, void *argp) {
    (void)parent; (void)ad; (void)idx; (void)argl; (void)argp;
    free(ptr);
}

/* The first refusal of the broker's certificate, also on the context. */
static int refusal_index = -1;

static void make_host_index(void) {
    host_index = SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, free_host);
    refusal_index = SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, free_host);
}

enum { refusal_size = 160 };

static int remember_refusal(int preverify_ok, X509_STORE_CTX *store) {
    if (preverify_ok) return 1;
    SSL *ssl = X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx());
    if (ssl == NULL) return 0;
    char *refusal = SSL_CTX_get_ex_data(SSL_get_SSL_CTX(ssl), refusal_index);
    if (refusal != NULL && refusal[0] == 0) {
        snprintf(refusal, refusal_size, "%s", X509_verify_cert_error_string(X509_STORE_CTX_get_error(store)));
    }
    return 0;
}

static int is_address_literal(const char *host) {
    unsigned char buffer[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, host, buffer) == 1 || inet_pton(AF_INET6, host, buffer) == 1;
}

/* libmosquitto sets SNI to the address it connects to just before SSL_connect; the
 * handshake's start comes after that and before the ClientHello is written, so the
 * name set here is the one sent. RFC 6066 allows no address literal in SNI. */
static void set_server_name(const SSL *ssl, int where, int ret) {
    (void)ret;
    if (!(where & SSL_CB_HANDSHAKE_START)) return;
    SSL *mutable_ssl = (SSL *)ssl;
    const char *host = SSL_CTX_get_ex_data(SSL_get_SSL_CTX(ssl), host_index);
    if (host != NULL && !is_address_literal(host)) {
        SSL_set_tlsext_host_name(mutable_ssl, host);
    } else {
        SSL_set_tlsext_host_name(mutable_ssl, NULL);
    }
}

static void *fail(SSL_CTX *context, char *error, size_t error_size, const char *what, const char *path) {
    char reason[256] = "";
    unsigned long code = ERR_get_error();
    if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
    ERR_clear_error();
    if (path != NULL) {
        snprintf(error, error_size, "%s %s%s%s", what, path, reason[0] ? ": " : "", reason);
    } else {
        snprintf(error, error_size, "%s%s%s", what, reason[0] ? ": " : "", reason);
    }
    if (context != NULL) SSL_CTX_free(context);
    return NULL;
}

/* Never a passphrase: OpenSSL's default callback would ask for one on the terminal, and
 * wait there. An encrypted key fails to load instead. */
static int no_passphrase(char *buffer, int size, int rwflag, void *userdata) {
    (void)buffer; (void)size; (void)rwflag; (void)userdata;
    return -1;
}

static BIO *memory(cmosq_pem pem) {
    if (pem.count > INT_MAX) return NULL;
    return BIO_new_mem_buf(pem.bytes, (int)pem.count);
}

/* Every certificate (and CRL) in `pem` into the context's store, as
 * SSL_CTX_load_verify_locations does with a file; at least one certificate. */
static int load_authorities(SSL_CTX *context, cmosq_pem pem) {
    BIO *bio = memory(pem);
    if (bio == NULL) return 0;
    STACK_OF(X509_INFO) *infos = PEM_X509_INFO_read_bio(bio, NULL, no_passphrase, NULL);
    BIO_free(bio);
    if (infos == NULL) return 0;
    X509_STORE *store = SSL_CTX_get_cert_store(context);
    int certificates = 0, ok = 1;
    for (int i = 0; i < sk_X509_INFO_num(infos) && ok; i++) {
        X509_INFO *info = sk_X509_INFO_value(infos, i);
        if (info->x509 != NULL) {
            ok = X509_STORE_add_cert(store, info->x509);
            certificates++;
        }
        if (ok && info->crl != NULL) ok = X509_STORE_add_crl(store, info->crl);
    }
    sk_X509_INFO_pop_free(infos, X509_INFO_free);
    return ok && certificates > 0;
}

/* The client's certificate, then the rest of the chain, as
 * SSL_CTX_use_certificate_chain_file does with a file. */
static int load_chain(SSL_CTX *context, cmosq_pem pem) {
    BIO *bio = memory(pem);
    if (bio == NULL) return 0;
    X509 *leaf = PEM_read_bio_X509_AUX(bio, NULL, no_passphrase, NULL);
    int ok = leaf != NULL && SSL_CTX_use_certificate(context, leaf) == 1 && SSL_CTX_clear_chain_certs(context) == 1;
    X509_free(leaf);
    X509 *next;
    while (ok && (next = PEM_read_bio_X509(bio, NULL, no_passphrase, NULL)) != NULL) {
        if (SSL_CTX_add0_chain_cert(context, next) != 1) {
            X509_free(next);
            ok = 0;
        }
    }
    if (ok) {
        /* The end of the text reads as "no start line": not an error. */
        unsigned long last = ERR_peek_last_error();
        if (ERR_GET_LIB(last) == ERR_LIB_PEM && ERR_GET_REASON(last) == PEM_R_NO_START_LINE) {
            ERR_clear_error();
        } else if (last != 0) {
            ok = 0;
        }
    }
    BIO_free(bio);
    return ok;
}

static int load_key(SSL_CTX *context, cmosq_pem pem) {
    BIO *bio = memory(pem);
    if (bio == NULL) return 0;
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, no_passphrase, NULL);
    BIO_free(bio);
    int ok = key != NULL && SSL_CTX_use_PrivateKey(context, key) == 1;
    EVP_PKEY_free(key);
    return ok;
}

void *cmosq_tls_context_new(const char *host, cmosq_pem ca, cmosq_pem cert, cmosq_pem key,
                            char *error, size_t error_size) {
    char reason[256];
    if (cmosq_tls_openssl_load(reason, sizeof reason) != 0) {
        snprintf(error, error_size, "cannot load OpenSSL: %s\nhint: install Debian's libssl3: sudo apt install libssl3",
                 reason);
        return NULL;
    }
    ERR_clear_error();
    pthread_once(&host_index_once, make_host_index);
    if (host_index < 0 || refusal_index < 0) return fail(NULL, error, error_size, "cannot make a TLS context", NULL);
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (context == NULL) return fail(NULL, error, error_size, "cannot make a TLS context", NULL);
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_options(context, SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_mode(context, SSL_MODE_RELEASE_BUFFERS);

    SSL_CTX_set_default_passwd_cb(context, no_passphrase);

    if (ca.bytes != NULL) {
        if (!load_authorities(context, ca)) {
            return fail(context, error, error_size, "cannot read the CA certificates in", ca.name);
        }
    } else if (SSL_CTX_set_default_verify_paths(context) != 1) {
        return fail(context, error, error_size, "cannot load the system's CA certificates", NULL);
    }
    if (cert.bytes != NULL) {
        if (!load_chain(context, cert)) {
            return fail(context, error, error_size, "cannot read the client certificate in", cert.name);
        }
    }
    if (key.bytes != NULL) {
        if (!load_key(context, key)) {
            return fail(context, error, error_size, "cannot read the client key (PEM, not encrypted) in", key.name);
        }
        if (SSL_CTX_check_private_key(context) != 1) {
            return fail(context, error, error_size, "the client key does not match the certificate in", cert.name);
        }
    }

    /* Copied into each connection's SSL by SSL_new; checked by OpenSSL itself during
     * the chain's verification (X509_check_host's rules: no partial wildcards). */
    X509_VERIFY_PARAM *param = SSL_CTX_get0_param(context);
    X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    int named = is_address_literal(host) ? X509_VERIFY_PARAM_set1_ip_asc(param, host)
                                         : X509_VERIFY_PARAM_set1_host(param, host, 0);
    if (named != 1) return fail(context, error, error_size, "cannot check certificates against", host);
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, remember_refusal);

    char *copy = strdup(host);
    if (copy == NULL || SSL_CTX_set_ex_data(context, host_index, copy) != 1) {
        free(copy);
        return fail(context, error, error_size, "out of memory", NULL);
    }
    char *refusal = calloc(1, refusal_size);
    if (refusal == NULL || SSL_CTX_set_ex_data(context, refusal_index, refusal) != 1) {
        free(refusal);
        return fail(context, error, error_size, "out of memory", NULL);
    }
    SSL_CTX_set_info_callback(context, set_server_name);
    return context;
}

void cmosq_tls_context_free(void *context) {
    if (context != NULL) SSL_CTX_free((SSL_CTX *)context);
}

int cmosq_tls_handshake_pending(const void *ssl) {
    if (ssl == NULL) return 0;
    return SSL_is_init_finished((const SSL *)ssl) ? 0 : 1;
}

int cmosq_tls_wants_write(const void *ssl) {
    if (ssl == NULL) return 0;
    return SSL_want_write((const SSL *)ssl) ? 1 : 0;
}

const char *cmosq_tls_context_refusal(const void *context) {
    if (context == NULL || refusal_index < 0) return NULL;
    const char *refusal = SSL_CTX_get_ex_data((const SSL_CTX *)context, refusal_index);
    return refusal != NULL && refusal[0] != 0 ? refusal : NULL;
}

const char *cmosq_tls_last_error(char *buffer, size_t size) {
    unsigned long code = ERR_get_error();
    if (code == 0) return NULL;
    ERR_error_string_n(code, buffer, size);
    ERR_clear_error();
    return buffer;
}
