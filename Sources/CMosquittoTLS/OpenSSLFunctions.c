/* The OpenSSL functions shim.c calls, each forwarding to OpenSSL's own (OpenSSL.h).
 * Hidden: only the shim finds them, never a library's look-up of OpenSSL's names. */

/* The C library's headers before the hidden section: what OpenSSL's headers include
 * from it keeps its usual visibility. */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#pragma GCC visibility push(hidden)
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#pragma GCC visibility pop

#include "OpenSSL.h"

int CRYPTO_get_ex_new_index(int a0, long a1, void *a2, CRYPTO_EX_new *a3, CRYPTO_EX_dup *a4, CRYPTO_EX_free *a5) {
    CMOSQ_TLS_FORWARD(CRYPTO_get_ex_new_index, -1, a0, a1, a2, a3, a4, a5);
}

void ERR_clear_error(void) {
    CMOSQ_TLS_FORWARD_VOID(ERR_clear_error);
}

void ERR_error_string_n(unsigned long a0, char *a1, size_t a2) {
    CMOSQ_TLS_FORWARD_VOID(ERR_error_string_n, a0, a1, a2);
}

unsigned long ERR_get_error(void) {
    CMOSQ_TLS_FORWARD(ERR_get_error, 0);
}

int SSL_CTX_check_private_key(const SSL_CTX *a0) {
    CMOSQ_TLS_FORWARD(SSL_CTX_check_private_key, 0, a0);
}

long SSL_CTX_ctrl(SSL_CTX *a0, int a1, long a2, void *a3) {
    CMOSQ_TLS_FORWARD(SSL_CTX_ctrl, 0, a0, a1, a2, a3);
}

void SSL_CTX_free(SSL_CTX *a0) {
    CMOSQ_TLS_FORWARD_VOID(SSL_CTX_free, a0);
}

X509_VERIFY_PARAM *SSL_CTX_get0_param(SSL_CTX *a0) {
    CMOSQ_TLS_FORWARD(SSL_CTX_get0_param, NULL, a0);
}

void *SSL_CTX_get_ex_data(const SSL_CTX *a0, int a1) {
    CMOSQ_TLS_FORWARD(SSL_CTX_get_ex_data, NULL, a0, a1);
}


SSL_CTX *SSL_CTX_new(const SSL_METHOD *a0) {
    CMOSQ_TLS_FORWARD(SSL_CTX_new, NULL, a0);
}

int SSL_CTX_set_default_verify_paths(SSL_CTX *a0) {
    CMOSQ_TLS_FORWARD(SSL_CTX_set_default_verify_paths, 0, a0);
}

int SSL_CTX_set_ex_data(SSL_CTX *a0, int a1, void *a2) {
    CMOSQ_TLS_FORWARD(SSL_CTX_set_ex_data, 0, a0, a1, a2);
}

void SSL_CTX_set_info_callback(SSL_CTX *a0, void (*a1)(const SSL *, int, int)) {
    CMOSQ_TLS_FORWARD_VOID(SSL_CTX_set_info_callback, a0, a1);
}

uint64_t SSL_CTX_set_options(SSL_CTX *a0, uint64_t a1) {
    CMOSQ_TLS_FORWARD(SSL_CTX_set_options, 0, a0, a1);
}

void SSL_CTX_set_verify(SSL_CTX *a0, int a1, SSL_verify_cb a2) {
    CMOSQ_TLS_FORWARD_VOID(SSL_CTX_set_verify, a0, a1, a2);
}


long SSL_ctrl(SSL *a0, int a1, long a2, void *a3) {
    CMOSQ_TLS_FORWARD(SSL_ctrl, 0, a0, a1, a2, a3);
}

SSL_CTX *SSL_get_SSL_CTX(const SSL *a0) {
    CMOSQ_TLS_FORWARD(SSL_get_SSL_CTX, NULL, a0);
}

int SSL_get_ex_data_X509_STORE_CTX_idx(void) {
    CMOSQ_TLS_FORWARD(SSL_get_ex_data_X509_STORE_CTX_idx, -1);
}

int SSL_is_init_finished(const SSL *a0) {
    CMOSQ_TLS_FORWARD(SSL_is_init_finished, 0, a0);
}

int SSL_want(const SSL *a0) {
    CMOSQ_TLS_FORWARD(SSL_want, 0, a0);
}

const SSL_METHOD *TLS_client_method(void) {
    CMOSQ_TLS_FORWARD(TLS_client_method, NULL);
}

int X509_STORE_CTX_get_error(const X509_STORE_CTX *a0) {
    CMOSQ_TLS_FORWARD(X509_STORE_CTX_get_error, 0, a0);
}

void *X509_STORE_CTX_get_ex_data(const X509_STORE_CTX *a0, int a1) {
    CMOSQ_TLS_FORWARD(X509_STORE_CTX_get_ex_data, NULL, a0, a1);
}

int X509_VERIFY_PARAM_set1_host(X509_VERIFY_PARAM *a0, const char *a1, size_t a2) {
    CMOSQ_TLS_FORWARD(X509_VERIFY_PARAM_set1_host, 0, a0, a1, a2);
}

int X509_VERIFY_PARAM_set1_ip_asc(X509_VERIFY_PARAM *a0, const char *a1) {
    CMOSQ_TLS_FORWARD(X509_VERIFY_PARAM_set1_ip_asc, 0, a0, a1);
}

void X509_VERIFY_PARAM_set_hostflags(X509_VERIFY_PARAM *a0, unsigned int a1) {
    CMOSQ_TLS_FORWARD_VOID(X509_VERIFY_PARAM_set_hostflags, a0, a1);
}

const char *X509_verify_cert_error_string(long a0) {
    CMOSQ_TLS_FORWARD(X509_verify_cert_error_string, cmosq_tls_not_loaded, a0);
}

int BIO_free(BIO *a0) {
    CMOSQ_TLS_FORWARD(BIO_free, 0, a0);
}

BIO *BIO_new_mem_buf(const void *a0, int a1) {
    CMOSQ_TLS_FORWARD(BIO_new_mem_buf, NULL, a0, a1);
}

unsigned long ERR_peek_last_error(void) {
    CMOSQ_TLS_FORWARD(ERR_peek_last_error, 0);
}

void EVP_PKEY_free(EVP_PKEY *a0) {
    CMOSQ_TLS_FORWARD_VOID(EVP_PKEY_free, a0);
}

int OPENSSL_sk_num(const OPENSSL_STACK *a0) {
    CMOSQ_TLS_FORWARD(OPENSSL_sk_num, -1, a0);
}

void OPENSSL_sk_pop_free(OPENSSL_STACK *a0, void (*a1)(void *)) {
    CMOSQ_TLS_FORWARD_VOID(OPENSSL_sk_pop_free, a0, a1);
}

void *OPENSSL_sk_value(const OPENSSL_STACK *a0, int a1) {
    CMOSQ_TLS_FORWARD(OPENSSL_sk_value, NULL, a0, a1);
}

STACK_OF(X509_INFO) *PEM_X509_INFO_read_bio(BIO *a0, STACK_OF(X509_INFO) *a1, pem_password_cb *a2, void *a3) {
    CMOSQ_TLS_FORWARD(PEM_X509_INFO_read_bio, NULL, a0, a1, a2, a3);
}

EVP_PKEY *PEM_read_bio_PrivateKey(BIO *a0, EVP_PKEY **a1, pem_password_cb *a2, void *a3) {
    CMOSQ_TLS_FORWARD(PEM_read_bio_PrivateKey, NULL, a0, a1, a2, a3);
}

X509 *PEM_read_bio_X509(BIO *a0, X509 **a1, pem_password_cb *a2, void *a3) {
    CMOSQ_TLS_FORWARD(PEM_read_bio_X509, NULL, a0, a1, a2, a3);
}

X509 *PEM_read_bio_X509_AUX(BIO *a0, X509 **a1, pem_password_cb *a2, void *a3) {
    CMOSQ_TLS_FORWARD(PEM_read_bio_X509_AUX, NULL, a0, a1, a2, a3);
}

X509_STORE *SSL_CTX_get_cert_store(const SSL_CTX *a0) {
    CMOSQ_TLS_FORWARD(SSL_CTX_get_cert_store, NULL, a0);
}

void SSL_CTX_set_default_passwd_cb(SSL_CTX *a0, pem_password_cb *a1) {
    CMOSQ_TLS_FORWARD_VOID(SSL_CTX_set_default_passwd_cb, a0, a1);
}

int SSL_CTX_use_PrivateKey(SSL_CTX *a0, EVP_PKEY *a1) {
    CMOSQ_TLS_FORWARD(SSL_CTX_use_PrivateKey, 0, a0, a1);
}

int SSL_CTX_use_certificate(SSL_CTX *a0, X509 *a1) {
    CMOSQ_TLS_FORWARD(SSL_CTX_use_certificate, 0, a0, a1);
}

void X509_INFO_free(X509_INFO *a0) {
    CMOSQ_TLS_FORWARD_VOID(X509_INFO_free, a0);
}

int X509_STORE_add_cert(X509_STORE *a0, X509 *a1) {
    CMOSQ_TLS_FORWARD(X509_STORE_add_cert, 0, a0, a1);
}

int X509_STORE_add_crl(X509_STORE *a0, X509_CRL *a1) {
    CMOSQ_TLS_FORWARD(X509_STORE_add_crl, 0, a0, a1);
}

void X509_free(X509 *a0) {
    CMOSQ_TLS_FORWARD_VOID(X509_free, a0);
}
