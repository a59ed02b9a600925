#ifndef HOMEWARD_CCURL_SHIM_H
#define HOMEWARD_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
   one typed wrapper per argument kind. */

static inline CURLcode homeward_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode homeward_curl_set_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode homeward_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode homeward_curl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode homeward_curl_set_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

typedef size_t (*homeward_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode homeward_curl_set_write_callback(CURL *easy, homeward_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode homeward_curl_set_read_callback(CURL *easy, homeward_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode homeward_curl_set_header_callback(CURL *easy, homeward_curl_data_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode homeward_curl_set_opensocket_callback(CURL *easy, curl_opensocket_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode homeward_curl_get_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode homeward_curl_get_pointer(CURL *easy, CURLINFO info, char **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode homeward_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/* The finished transfer's result (CURLMsg keeps it in a union). */
static inline CURLcode homeward_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}
#endif
