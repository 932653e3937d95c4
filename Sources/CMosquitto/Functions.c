/* libmosquitto's functions, each forwarding to the library's own (Library.h). Hidden:
 * they are found by the Swift code linked with them and by nothing else, so that the
 * library's calls to its own exported functions never land here. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)
#include <mosquitto.h>
#pragma GCC visibility pop

#include "Library.h"

int mosquitto_lib_version(int *a0, int *a1, int *a2) {
    CMOSQ_FORWARD(mosquitto_lib_version, 0, a0, a1, a2);
}

int mosquitto_lib_init(void) {
    CMOSQ_FORWARD(mosquitto_lib_init, MOSQ_ERR_ERRNO);
}

int mosquitto_lib_cleanup(void) {
    CMOSQ_FORWARD(mosquitto_lib_cleanup, MOSQ_ERR_ERRNO);
}

struct mosquitto *mosquitto_new(const char *a0, bool a1, void *a2) {
    CMOSQ_FORWARD(mosquitto_new, NULL, a0, a1, a2);
}

void mosquitto_destroy(struct mosquitto *a0) {
    CMOSQ_FORWARD_VOID(mosquitto_destroy, a0);
}

int mosquitto_reinitialise(struct mosquitto *a0, const char *a1, bool a2, void *a3) {
    CMOSQ_FORWARD(mosquitto_reinitialise, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_will_set(struct mosquitto *a0, const char *a1, int a2, const void *a3, int a4, bool a5) {
    CMOSQ_FORWARD(mosquitto_will_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5);
}

int mosquitto_will_set_v5(struct mosquitto *a0, const char *a1, int a2, const void *a3, int a4, bool a5,
                          mosquitto_property *a6) {
    CMOSQ_FORWARD(mosquitto_will_set_v5, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6);
}

int mosquitto_will_clear(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_will_clear, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_username_pw_set(struct mosquitto *a0, const char *a1, const char *a2) {
    CMOSQ_FORWARD(mosquitto_username_pw_set, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_connect(struct mosquitto *a0, const char *a1, int a2, int a3) {
    CMOSQ_FORWARD(mosquitto_connect, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_connect_bind(struct mosquitto *a0, const char *a1, int a2, int a3, const char *a4) {
    CMOSQ_FORWARD(mosquitto_connect_bind, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4);
}

int mosquitto_connect_bind_v5(struct mosquitto *a0, const char *a1, int a2, int a3, const char *a4,
                              const mosquitto_property *a5) {
    CMOSQ_FORWARD(mosquitto_connect_bind_v5, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5);
}

int mosquitto_connect_async(struct mosquitto *a0, const char *a1, int a2, int a3) {
    CMOSQ_FORWARD(mosquitto_connect_async, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_connect_bind_async(struct mosquitto *a0, const char *a1, int a2, int a3, const char *a4) {
    CMOSQ_FORWARD(mosquitto_connect_bind_async, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4);
}

int mosquitto_connect_srv(struct mosquitto *a0, const char *a1, int a2, const char *a3) {
    CMOSQ_FORWARD(mosquitto_connect_srv, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_reconnect(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_reconnect, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_reconnect_async(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_reconnect_async, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_disconnect(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_disconnect, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_disconnect_v5(struct mosquitto *a0, int a1, const mosquitto_property *a2) {
    CMOSQ_FORWARD(mosquitto_disconnect_v5, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_publish(struct mosquitto *a0, int *a1, const char *a2, int a3, const void *a4, int a5, bool a6) {
    CMOSQ_FORWARD(mosquitto_publish, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6);
}

int mosquitto_publish_v5(struct mosquitto *a0, int *a1, const char *a2, int a3, const void *a4, int a5, bool a6,
                         const mosquitto_property *a7) {
    CMOSQ_FORWARD(mosquitto_publish_v5, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6, a7);
}

int mosquitto_subscribe(struct mosquitto *a0, int *a1, const char *a2, int a3) {
    CMOSQ_FORWARD(mosquitto_subscribe, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_subscribe_v5(struct mosquitto *a0, int *a1, const char *a2, int a3, int a4,
                           const mosquitto_property *a5) {
    CMOSQ_FORWARD(mosquitto_subscribe_v5, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5);
}

int mosquitto_subscribe_multiple(struct mosquitto *a0, int *a1, int a2, char *const *const a3, int a4, int a5,
                                 const mosquitto_property *a6) {
    CMOSQ_FORWARD(mosquitto_subscribe_multiple, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6);
}

int mosquitto_unsubscribe(struct mosquitto *a0, int *a1, const char *a2) {
    CMOSQ_FORWARD(mosquitto_unsubscribe, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_unsubscribe_v5(struct mosquitto *a0, int *a1, const char *a2, const mosquitto_property *a3) {
    CMOSQ_FORWARD(mosquitto_unsubscribe_v5, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_unsubscribe_multiple(struct mosquitto *a0, int *a1, int a2, char *const *const a3,
                                   const mosquitto_property *a4) {
    CMOSQ_FORWARD(mosquitto_unsubscribe_multiple, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4);
}

int mosquitto_message_copy(struct mosquitto_message *a0, const struct mosquitto_message *a1) {
    CMOSQ_FORWARD(mosquitto_message_copy, MOSQ_ERR_ERRNO, a0, a1);
}

void mosquitto_message_free(struct mosquitto_message **a0) {
    CMOSQ_FORWARD_VOID(mosquitto_message_free, a0);
}

void mosquitto_message_free_contents(struct mosquitto_message *a0) {
    CMOSQ_FORWARD_VOID(mosquitto_message_free_contents, a0);
}

int mosquitto_loop_forever(struct mosquitto *a0, int a1, int a2) {
    CMOSQ_FORWARD(mosquitto_loop_forever, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_loop_start(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_loop_start, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_loop_stop(struct mosquitto *a0, bool a1) {
    CMOSQ_FORWARD(mosquitto_loop_stop, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_loop(struct mosquitto *a0, int a1, int a2) {
    CMOSQ_FORWARD(mosquitto_loop, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_loop_read(struct mosquitto *a0, int a1) {
    CMOSQ_FORWARD(mosquitto_loop_read, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_loop_write(struct mosquitto *a0, int a1) {
    CMOSQ_FORWARD(mosquitto_loop_write, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_loop_misc(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_loop_misc, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_socket(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_socket, -1, a0);
}

bool mosquitto_want_write(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_want_write, false, a0);
}

int mosquitto_threaded_set(struct mosquitto *a0, bool a1) {
    CMOSQ_FORWARD(mosquitto_threaded_set, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_opts_set(struct mosquitto *a0, enum mosq_opt_t a1, void *a2) {
    CMOSQ_FORWARD(mosquitto_opts_set, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_int_option(struct mosquitto *a0, enum mosq_opt_t a1, int a2) {
    CMOSQ_FORWARD(mosquitto_int_option, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_string_option(struct mosquitto *a0, enum mosq_opt_t a1, const char *a2) {
    CMOSQ_FORWARD(mosquitto_string_option, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_void_option(struct mosquitto *a0, enum mosq_opt_t a1, void *a2) {
    CMOSQ_FORWARD(mosquitto_void_option, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_reconnect_delay_set(struct mosquitto *a0, unsigned int a1, unsigned int a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_reconnect_delay_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_max_inflight_messages_set(struct mosquitto *a0, unsigned int a1) {
    CMOSQ_FORWARD(mosquitto_max_inflight_messages_set, MOSQ_ERR_ERRNO, a0, a1);
}

void mosquitto_message_retry_set(struct mosquitto *a0, unsigned int a1) {
    CMOSQ_FORWARD_VOID(mosquitto_message_retry_set, a0, a1);
}

void mosquitto_user_data_set(struct mosquitto *a0, void *a1) {
    CMOSQ_FORWARD_VOID(mosquitto_user_data_set, a0, a1);
}

void *mosquitto_userdata(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_userdata, NULL, a0);
}

int mosquitto_tls_set(struct mosquitto *a0, const char *a1, const char *a2, const char *a3, const char *a4,
                      int (*a5)(char *, int, int, void *)) {
    CMOSQ_FORWARD(mosquitto_tls_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5);
}

int mosquitto_tls_insecure_set(struct mosquitto *a0, bool a1) {
    CMOSQ_FORWARD(mosquitto_tls_insecure_set, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_tls_opts_set(struct mosquitto *a0, int a1, const char *a2, const char *a3) {
    CMOSQ_FORWARD(mosquitto_tls_opts_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_tls_psk_set(struct mosquitto *a0, const char *a1, const char *a2, const char *a3) {
    CMOSQ_FORWARD(mosquitto_tls_psk_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

void *mosquitto_ssl_get(struct mosquitto *a0) {
    CMOSQ_FORWARD(mosquitto_ssl_get, NULL, a0);
}

void mosquitto_connect_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int)) {
    CMOSQ_FORWARD_VOID(mosquitto_connect_callback_set, a0, a1);
}

void mosquitto_connect_with_flags_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int, int)) {
    CMOSQ_FORWARD_VOID(mosquitto_connect_with_flags_callback_set, a0, a1);
}

void mosquitto_connect_v5_callback_set(struct mosquitto *a0,
                                       void (*a1)(struct mosquitto *, void *, int, int, const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_connect_v5_callback_set, a0, a1);
}

void mosquitto_disconnect_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int)) {
    CMOSQ_FORWARD_VOID(mosquitto_disconnect_callback_set, a0, a1);
}

void mosquitto_disconnect_v5_callback_set(struct mosquitto *a0,
                                          void (*a1)(struct mosquitto *, void *, int, const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_disconnect_v5_callback_set, a0, a1);
}

void mosquitto_publish_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int)) {
    CMOSQ_FORWARD_VOID(mosquitto_publish_callback_set, a0, a1);
}

void mosquitto_publish_v5_callback_set(struct mosquitto *a0,
                                       void (*a1)(struct mosquitto *, void *, int, int, const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_publish_v5_callback_set, a0, a1);
}

void mosquitto_message_callback_set(struct mosquitto *a0,
                                    void (*a1)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    CMOSQ_FORWARD_VOID(mosquitto_message_callback_set, a0, a1);
}

void mosquitto_message_v5_callback_set(struct mosquitto *a0,
                                       void (*a1)(struct mosquitto *, void *, const struct mosquitto_message *,
                                                  const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_message_v5_callback_set, a0, a1);
}

void mosquitto_subscribe_callback_set(struct mosquitto *a0,
                                      void (*a1)(struct mosquitto *, void *, int, int, const int *)) {
    CMOSQ_FORWARD_VOID(mosquitto_subscribe_callback_set, a0, a1);
}

void mosquitto_subscribe_v5_callback_set(struct mosquitto *a0,
                                         void (*a1)(struct mosquitto *, void *, int, int, const int *,
                                                    const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_subscribe_v5_callback_set, a0, a1);
}

void mosquitto_unsubscribe_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int)) {
    CMOSQ_FORWARD_VOID(mosquitto_unsubscribe_callback_set, a0, a1);
}

void mosquitto_unsubscribe_v5_callback_set(struct mosquitto *a0,
                                           void (*a1)(struct mosquitto *, void *, int, const mosquitto_property *)) {
    CMOSQ_FORWARD_VOID(mosquitto_unsubscribe_v5_callback_set, a0, a1);
}

void mosquitto_log_callback_set(struct mosquitto *a0, void (*a1)(struct mosquitto *, void *, int, const char *)) {
    CMOSQ_FORWARD_VOID(mosquitto_log_callback_set, a0, a1);
}

int mosquitto_socks5_set(struct mosquitto *a0, const char *a1, int a2, const char *a3, const char *a4) {
    CMOSQ_FORWARD(mosquitto_socks5_set, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4);
}

const char *mosquitto_strerror(int a0) {
    CMOSQ_FORWARD(mosquitto_strerror, cmosq_not_loaded, a0);
}

const char *mosquitto_connack_string(int a0) {
    CMOSQ_FORWARD(mosquitto_connack_string, cmosq_not_loaded, a0);
}

const char *mosquitto_reason_string(int a0) {
    CMOSQ_FORWARD(mosquitto_reason_string, cmosq_not_loaded, a0);
}

int mosquitto_string_to_command(const char *a0, int *a1) {
    CMOSQ_FORWARD(mosquitto_string_to_command, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_sub_topic_tokenise(const char *a0, char ***a1, int *a2) {
    CMOSQ_FORWARD(mosquitto_sub_topic_tokenise, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_sub_topic_tokens_free(char ***a0, int a1) {
    CMOSQ_FORWARD(mosquitto_sub_topic_tokens_free, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_topic_matches_sub(const char *a0, const char *a1, bool *a2) {
    CMOSQ_FORWARD(mosquitto_topic_matches_sub, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_topic_matches_sub2(const char *a0, size_t a1, const char *a2, size_t a3, bool *a4) {
    CMOSQ_FORWARD(mosquitto_topic_matches_sub2, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4);
}

int mosquitto_pub_topic_check(const char *a0) {
    CMOSQ_FORWARD(mosquitto_pub_topic_check, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_pub_topic_check2(const char *a0, size_t a1) {
    CMOSQ_FORWARD(mosquitto_pub_topic_check2, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_sub_topic_check(const char *a0) {
    CMOSQ_FORWARD(mosquitto_sub_topic_check, MOSQ_ERR_ERRNO, a0);
}

int mosquitto_sub_topic_check2(const char *a0, size_t a1) {
    CMOSQ_FORWARD(mosquitto_sub_topic_check2, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_validate_utf8(const char *a0, int a1) {
    CMOSQ_FORWARD(mosquitto_validate_utf8, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_subscribe_simple(struct mosquitto_message **a0, int a1, bool a2, const char *a3, int a4, const char *a5,
                               int a6, const char *a7, int a8, bool a9, const char *a10, const char *a11,
                               const struct libmosquitto_will *a12, const struct libmosquitto_tls *a13) {
    CMOSQ_FORWARD(mosquitto_subscribe_simple, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12,
                  a13);
}

int mosquitto_subscribe_callback(int (*a0)(struct mosquitto *, void *, const struct mosquitto_message *), void *a1,
                                 const char *a2, int a3, const char *a4, int a5, const char *a6, int a7, bool a8,
                                 const char *a9, const char *a10, const struct libmosquitto_will *a11,
                                 const struct libmosquitto_tls *a12) {
    CMOSQ_FORWARD(mosquitto_subscribe_callback, MOSQ_ERR_ERRNO, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12);
}

int mosquitto_property_add_byte(mosquitto_property **a0, int a1, uint8_t a2) {
    CMOSQ_FORWARD(mosquitto_property_add_byte, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_property_add_int16(mosquitto_property **a0, int a1, uint16_t a2) {
    CMOSQ_FORWARD(mosquitto_property_add_int16, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_property_add_int32(mosquitto_property **a0, int a1, uint32_t a2) {
    CMOSQ_FORWARD(mosquitto_property_add_int32, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_property_add_varint(mosquitto_property **a0, int a1, uint32_t a2) {
    CMOSQ_FORWARD(mosquitto_property_add_varint, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_property_add_binary(mosquitto_property **a0, int a1, const void *a2, uint16_t a3) {
    CMOSQ_FORWARD(mosquitto_property_add_binary, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_property_add_string(mosquitto_property **a0, int a1, const char *a2) {
    CMOSQ_FORWARD(mosquitto_property_add_string, MOSQ_ERR_ERRNO, a0, a1, a2);
}

int mosquitto_property_add_string_pair(mosquitto_property **a0, int a1, const char *a2, const char *a3) {
    CMOSQ_FORWARD(mosquitto_property_add_string_pair, MOSQ_ERR_ERRNO, a0, a1, a2, a3);
}

int mosquitto_property_identifier(const mosquitto_property *a0) {
    CMOSQ_FORWARD(mosquitto_property_identifier, 0, a0);
}

/* libmosquitto 2.1 dropped the const of the result (mosquitto_property *); 2.0 returns
 * const mosquitto_property *. The result is declared as the header at hand says. */
__typeof__(mosquitto_property_next(NULL)) mosquitto_property_next(const mosquitto_property *a0) {
    CMOSQ_FORWARD(mosquitto_property_next, NULL, a0);
}

const mosquitto_property *mosquitto_property_read_byte(const mosquitto_property *a0, int a1, uint8_t *a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_property_read_byte, NULL, a0, a1, a2, a3);
}

const mosquitto_property *mosquitto_property_read_int16(const mosquitto_property *a0, int a1, uint16_t *a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_property_read_int16, NULL, a0, a1, a2, a3);
}

const mosquitto_property *mosquitto_property_read_int32(const mosquitto_property *a0, int a1, uint32_t *a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_property_read_int32, NULL, a0, a1, a2, a3);
}

const mosquitto_property *mosquitto_property_read_varint(const mosquitto_property *a0, int a1, uint32_t *a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_property_read_varint, NULL, a0, a1, a2, a3);
}

const mosquitto_property *mosquitto_property_read_binary(const mosquitto_property *a0, int a1, void **a2,
                                                         uint16_t *a3, bool a4) {
    CMOSQ_FORWARD(mosquitto_property_read_binary, NULL, a0, a1, a2, a3, a4);
}

const mosquitto_property *mosquitto_property_read_string(const mosquitto_property *a0, int a1, char **a2, bool a3) {
    CMOSQ_FORWARD(mosquitto_property_read_string, NULL, a0, a1, a2, a3);
}

const mosquitto_property *mosquitto_property_read_string_pair(const mosquitto_property *a0, int a1, char **a2,
                                                              char **a3, bool a4) {
    CMOSQ_FORWARD(mosquitto_property_read_string_pair, NULL, a0, a1, a2, a3, a4);
}

void mosquitto_property_free_all(mosquitto_property **a0) {
    CMOSQ_FORWARD_VOID(mosquitto_property_free_all, a0);
}

int mosquitto_property_copy_all(mosquitto_property **a0, const mosquitto_property *a1) {
    CMOSQ_FORWARD(mosquitto_property_copy_all, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_property_check_command(int a0, int a1) {
    CMOSQ_FORWARD(mosquitto_property_check_command, MOSQ_ERR_ERRNO, a0, a1);
}

int mosquitto_property_check_all(int a0, const mosquitto_property *a1) {
    CMOSQ_FORWARD(mosquitto_property_check_all, MOSQ_ERR_ERRNO, a0, a1);
}

const char *mosquitto_property_identifier_to_string(int a0) {
    CMOSQ_FORWARD(mosquitto_property_identifier_to_string, cmosq_not_loaded, a0);
}

int mosquitto_string_to_property_info(const char *a0, int *a1, int *a2) {
    CMOSQ_FORWARD(mosquitto_string_to_property_info, MOSQ_ERR_ERRNO, a0, a1, a2);
}
