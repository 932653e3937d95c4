#ifndef CMOSQUITTO_LIBRARY_H
#define CMOSQUITTO_LIBRARY_H

#include <errno.h>

/* Every function of <mosquitto.h> (libmosquitto 2.0): each is looked up in the library
 * when it is loaded, and loading fails if one is missing, so that no call fails later
 * for want of a symbol. A function added here needs its definition in Functions.c. */
#define CMOSQ_FUNCTIONS(X) \
    X(mosquitto_lib_version) \
    X(mosquitto_lib_init) \
    X(mosquitto_lib_cleanup) \
    X(mosquitto_new) \
    X(mosquitto_destroy) \
    X(mosquitto_reinitialise) \
    X(mosquitto_will_set) \
    X(mosquitto_will_set_v5) \
    X(mosquitto_will_clear) \
    X(mosquitto_username_pw_set) \
    X(mosquitto_connect) \
    X(mosquitto_connect_bind) \
    X(mosquitto_connect_bind_v5) \
    X(mosquitto_connect_async) \
    X(mosquitto_connect_bind_async) \
    X(mosquitto_connect_srv) \
    X(mosquitto_reconnect) \
    X(mosquitto_reconnect_async) \
    X(mosquitto_disconnect) \
    X(mosquitto_disconnect_v5) \
    X(mosquitto_publish) \
    X(mosquitto_publish_v5) \
    X(mosquitto_subscribe) \
    X(mosquitto_subscribe_v5) \
    X(mosquitto_subscribe_multiple) \
    X(mosquitto_unsubscribe) \
    X(mosquitto_unsubscribe_v5) \
    X(mosquitto_unsubscribe_multiple) \
    X(mosquitto_message_copy) \
    X(mosquitto_message_free) \
    X(mosquitto_message_free_contents) \
    X(mosquitto_loop_forever) \
    X(mosquitto_loop_start) \
    X(mosquitto_loop_stop) \
    X(mosquitto_loop) \
    X(mosquitto_loop_read) \
    X(mosquitto_loop_write) \
    X(mosquitto_loop_misc) \
    X(mosquitto_socket) \
    X(mosquitto_want_write) \
    X(mosquitto_threaded_set) \
    X(mosquitto_opts_set) \
    X(mosquitto_int_option) \
    X(mosquitto_string_option) \
    X(mosquitto_void_option) \
    X(mosquitto_reconnect_delay_set) \
    X(mosquitto_max_inflight_messages_set) \
    X(mosquitto_message_retry_set) \
    X(mosquitto_user_data_set) \
    X(mosquitto_userdata) \
    X(mosquitto_tls_set) \
    X(mosquitto_tls_insecure_set) \
    X(mosquitto_tls_opts_set) \
    X(mosquitto_tls_psk_set) \
    X(mosquitto_ssl_get) \
    X(mosquitto_connect_callback_set) \
    X(mosquitto_connect_with_flags_callback_set) \
    X(mosquitto_connect_v5_callback_set) \
    X(mosquitto_disconnect_callback_set) \
    X(mosquitto_disconnect_v5_callback_set) \
    X(mosquitto_publish_callback_set) \
    X(mosquitto_publish_v5_callback_set) \
    X(mosquitto_message_callback_set) \
    X(mosquitto_message_v5_callback_set) \
    X(mosquitto_subscribe_callback_set) \
    X(mosquitto_subscribe_v5_callback_set) \
    X(mosquitto_unsubscribe_callback_set) \
    X(mosquitto_unsubscribe_v5_callback_set) \
    X(mosquitto_log_callback_set) \
    X(mosquitto_socks5_set) \
    X(mosquitto_strerror) \
    X(mosquitto_connack_string) \
    X(mosquitto_reason_string) \
    X(mosquitto_string_to_command) \
    X(mosquitto_sub_topic_tokenise) \
    X(mosquitto_sub_topic_tokens_free) \
    X(mosquitto_topic_matches_sub) \
    X(mosquitto_topic_matches_sub2) \
    X(mosquitto_pub_topic_check) \
    X(mosquitto_pub_topic_check2) \
    X(mosquitto_sub_topic_check) \
    X(mosquitto_sub_topic_check2) \
    X(mosquitto_validate_utf8) \
    X(mosquitto_subscribe_simple) \
    X(mosquitto_subscribe_callback) \
    X(mosquitto_property_add_byte) \
    X(mosquitto_property_add_int16) \
    X(mosquitto_property_add_int32) \
    X(mosquitto_property_add_varint) \
    X(mosquitto_property_add_binary) \
    X(mosquitto_property_add_string) \
    X(mosquitto_property_add_string_pair) \
    X(mosquitto_property_identifier) \
    X(mosquitto_property_next) \
    X(mosquitto_property_read_byte) \
    X(mosquitto_property_read_int16) \
    X(mosquitto_property_read_int32) \
    X(mosquitto_property_read_varint) \
    X(mosquitto_property_read_binary) \
    X(mosquitto_property_read_string) \
    X(mosquitto_property_read_string_pair) \
    X(mosquitto_property_free_all) \
    X(mosquitto_property_copy_all) \
    X(mosquitto_property_check_command) \
    X(mosquitto_property_check_all) \
    X(mosquitto_property_identifier_to_string) \
    X(mosquitto_string_to_property_info)

enum {
#define CMOSQ_INDEX(name) cmosq_index_##name,
    CMOSQ_FUNCTIONS(CMOSQ_INDEX)
#undef CMOSQ_INDEX
    cmosq_function_count
};

/* The library's function at `index` (cmosq_index_NAME), NULL when the library could not
 * be loaded. The first call loads it. */
void *cmosq_function(int index);

/* What the string functions say when the library is not loaded. */
extern const char cmosq_not_loaded[];

/* The body of a function that forwards its arguments to the library's namesake, or
 * returns `failure` (with errno ELIBACC: "Can not access a needed shared library") when
 * the library is not loaded. */
#define CMOSQ_FORWARD(name, failure, ...)                                                     \
    __typeof__(&name) function = (__typeof__(&name))cmosq_function(cmosq_index_##name);        \
    if (function == NULL) {                                                                    \
        errno = ELIBACC;                                                                       \
        return failure;                                                                        \
    }                                                                                          \
    return function(__VA_ARGS__)

#define CMOSQ_FORWARD_VOID(name, ...)                                                          \
    __typeof__(&name) function = (__typeof__(&name))cmosq_function(cmosq_index_##name);        \
    if (function != NULL) function(__VA_ARGS__)

#endif
