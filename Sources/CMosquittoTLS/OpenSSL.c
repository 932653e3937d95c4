#include "OpenSSL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

const char cmosq_tls_not_loaded[] = "OpenSSL is not loaded";

static const char *const names[cmosq_tls_function_count] = {
#define CMOSQ_TLS_NAME(name) #name,
    CMOSQ_TLS_FUNCTIONS(CMOSQ_TLS_NAME)
#undef CMOSQ_TLS_NAME
};

/* Written once, by load(), under pthread_once: every reader calls pthread_once first,
 * which orders these writes before its reads. */
static void *functions[cmosq_tls_function_count];
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* Usually loaded already, as libmosquitto's dependency: this finds that copy. */
    void *library = dlopen(CMOSQ_TLS_LIBRARY_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s",
                 reason != NULL ? reason : CMOSQ_TLS_LIBRARY_SONAME ": cannot be loaded");
        return;
    }
    void *found[cmosq_tls_function_count];
    for (int index = 0; index < cmosq_tls_function_count; index++) {
        /* A handle's look-up also searches its dependencies: libcrypto's functions. */
        found[index] = dlsym(library, names[index]);
        if (found[index] == NULL) {
            snprintf(failure, sizeof failure, "%s has no %s: gpioagg needs OpenSSL 3", CMOSQ_TLS_LIBRARY_SONAME,
                     names[index]);
            return;
        }
    }
    memcpy(functions, found, sizeof functions);
}

void *cmosq_tls_openssl_function(int index) {
    pthread_once(&once, load);
    return functions[index];
}

int cmosq_tls_openssl_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (functions[0] != NULL) return 0;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return -1;
}
