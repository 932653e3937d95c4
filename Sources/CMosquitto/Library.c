#include "Library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "CMosquitto.h"

const char cmosq_not_loaded[] = "libmosquitto is not loaded";

static const char *const names[cmosq_function_count] = {
#define CMOSQ_NAME(name) #name,
    CMOSQ_FUNCTIONS(CMOSQ_NAME)
#undef CMOSQ_NAME
};

/* Written once, by load(), under pthread_once: every reader calls pthread_once first,
 * which orders these writes before its reads. */
static void *functions[cmosq_function_count];
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* RTLD_LOCAL: the library's symbols stay out of the global scope, where they could
     * answer another library's look-ups; every one is taken from this handle. Its own
     * dependencies (libssl.so.3, libcrypto.so.3) come with it. */
    void *library = dlopen(CMOSQ_LIBRARY_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason != NULL ? reason : CMOSQ_LIBRARY_SONAME ": cannot be loaded");
        return;
    }
    void *found[cmosq_function_count];
    for (int index = 0; index < cmosq_function_count; index++) {
        found[index] = dlsym(library, names[index]);
        if (found[index] == NULL) {
            snprintf(failure, sizeof failure, "%s has no %s: gpioagg needs libmosquitto 2.0 or later",
                     CMOSQ_LIBRARY_SONAME, names[index]);
            /* Kept loaded: its constructors ran, and unloading a library that linked
             * OpenSSL is not safe. */
            return;
        }
    }
    memcpy(functions, found, sizeof functions);
}

void *cmosq_function(int index) {
    pthread_once(&once, load);
    return functions[index];
}

int cmosq_library_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (functions[0] != NULL) return 0;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return -1;
}
