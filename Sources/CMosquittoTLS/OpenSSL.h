#ifndef CMOSQUITTOTLS_OPENSSL_H
#define CMOSQUITTOTLS_OPENSSL_H

#include <stddef.h>

/* OpenSSL 3 (Debian's libssl3: libssl.so.3 and libcrypto.so.3) is not linked: it is
 * loaded the first time the shim needs it, as libmosquitto is (CMosquitto). Every
 * OpenSSL function the shim calls is defined in OpenSSLFunctions.c under its own name
 * and signature, and calls OpenSSL's. A function added to shim.c goes in this list and
 * gets its definition there; the link fails until it does. */
#define CMOSQ_TLS_FUNCTIONS(X) \
    X(BIO_free) \
    X(BIO_new_mem_buf) \
    X(CRYPTO_get_ex_new_index) \
    X(ERR_clear_error) \
    X(ERR_error_string_n) \
    X(ERR_get_error) \
    X(ERR_peek_last_error) \
    X(EVP_PKEY_free) \
    X(OPENSSL_sk_num) \
    X(OPENSSL_sk_pop_free) \
    X(OPENSSL_sk_value) \
    X(PEM_X509_INFO_read_bio) \
    X(PEM_read_bio_PrivateKey) \
    X(PEM_read_bio_X509) \
    X(PEM_read_bio_X509_AUX) \
    X(SSL_CTX_check_private_key) \
    X(SSL_CTX_ctrl) \
    X(SSL_CTX_free) \
    X(SSL_CTX_get0_param) \
    X(SSL_CTX_get_cert_store) \
    X(SSL_CTX_get_ex_data) \
    X(SSL_CTX_new) \
    X(SSL_CTX_set_default_passwd_cb) \
    X(SSL_CTX_set_default_verify_paths) \
    X(SSL_CTX_set_ex_data) \
    X(SSL_CTX_set_info_callback) \
    X(SSL_CTX_set_options) \
    X(SSL_CTX_set_verify) \
    X(SSL_CTX_use_PrivateKey) \
    X(SSL_CTX_use_certificate) \
    X(SSL_ctrl) \
    X(SSL_get_SSL_CTX) \
    X(SSL_get_ex_data_X509_STORE_CTX_idx) \
    X(SSL_is_init_finished) \
    X(SSL_want) \
    X(TLS_client_method) \
    X(X509_INFO_free) \
    X(X509_STORE_CTX_get_error) \
    X(X509_STORE_CTX_get_ex_data) \
    X(X509_STORE_add_cert) \
    X(X509_STORE_add_crl) \
    X(X509_VERIFY_PARAM_set1_host) \
    X(X509_VERIFY_PARAM_set1_ip_asc) \
    X(X509_VERIFY_PARAM_set_hostflags) \
    X(X509_free) \
    X(X509_verify_cert_error_string)

enum {
#define CMOSQ_TLS_INDEX(name) cmosq_tls_index_##name,
    CMOSQ_TLS_FUNCTIONS(CMOSQ_TLS_INDEX)
#undef CMOSQ_TLS_INDEX
    cmosq_tls_function_count
};

/* The soname loaded; libcrypto.so.3 comes with it. */
#define CMOSQ_TLS_LIBRARY_SONAME "libssl.so.3"

/* Loads OpenSSL if nothing has yet: 0 once it is loaded, else -1 with the reason in
 * `error` (at most `error_size` bytes). Thread-safe; tried once per process. */
int cmosq_tls_openssl_load(char *error, size_t error_size);

/* OpenSSL's function at `index` (cmosq_tls_index_NAME), NULL when OpenSSL could not be
 * loaded. The first call loads it. */
void *cmosq_tls_openssl_function(int index);

/* What X509_verify_cert_error_string says when OpenSSL is not loaded. */
extern const char cmosq_tls_not_loaded[];

/* The body of a function that forwards its arguments to OpenSSL's namesake, or returns
 * `failure` when OpenSSL is not loaded. */
#define CMOSQ_TLS_FORWARD(name, failure, ...)                                                 \
    __typeof__(&name) function = (__typeof__(&name))cmosq_tls_openssl_function(cmosq_tls_index_##name); \
    if (function == NULL) return failure;                                                      \
    return function(__VA_ARGS__)

#define CMOSQ_TLS_FORWARD_VOID(name, ...)                                                      \
    __typeof__(&name) function = (__typeof__(&name))cmosq_tls_openssl_function(cmosq_tls_index_##name); \
    if (function != NULL) function(__VA_ARGS__)

#endif
