#ifndef HOMEWARD_CSQLITE_SHIM_H
#define HOMEWARD_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: one wrapper per option we use.
static inline int homeward_sqlite3_config_multithread(void) {
    return sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
}

/// Turns off SQLite's memory statistics, whose global mutex every allocation would take (nothing
/// here reads sqlite3_memory_used).
static inline int homeward_sqlite3_config_no_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

typedef void (*homeward_sqlite3_log_callback)(void *context, int code, const char *message);

static inline int homeward_sqlite3_config_log(homeward_sqlite3_log_callback callback, void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import.
static inline sqlite3_destructor_type homeward_sqlite3_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
