import CSQLite

extension SQLiteDatabase {
    /// Replaces this database's content with a consistent snapshot of `source`, in one backup step
    /// (a single read transaction on the source, so concurrent writes cannot make it restart);
    /// retries while locked for at most `busyTimeoutMilliseconds`.
    func copy(from source: SQLiteDatabase, busyTimeoutMilliseconds: Int32) throws {
        let retryIntervalMilliseconds: Int32 = 10
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw DatabaseError.lastError(on: handle, code: sqlite3_errcode(handle), sql: nil)
        }
        var code = SQLITE_OK
        var waitedMilliseconds: Int32 = 0
        repeat {
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED {
                sqlite3_sleep(retryIntervalMilliseconds)
                waitedMilliseconds += retryIntervalMilliseconds
            }
        } while code == SQLITE_OK || ((code == SQLITE_BUSY || code == SQLITE_LOCKED) && waitedMilliseconds < busyTimeoutMilliseconds)
        let finishCode = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finishCode == SQLITE_OK else {
            throw DatabaseError.lastError(on: handle, code: code == SQLITE_DONE ? finishCode : code, sql: nil)
        }
    }
}
