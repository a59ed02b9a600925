import CSQLite
import Logging

/// Process-wide SQLite set-up: multi-thread mode, no memory statistics (their global mutex is taken
/// by every allocation), and SQLite's error log routed to swift-log.
enum SQLiteLibrary {
    /// Where SQLite's own log lines go (`homeward.sqlite`).
    static let logger = Logger(label: "homeward.sqlite")

    /// Configures SQLite once, before the first connection opens; `sqlite3_config` is only
    /// allowed before SQLite initialises, and Swift runs a static initialiser exactly once.
    static let isConfigured: Bool = {
        let modeCode = homeward_sqlite3_config_multithread()
        let statisticsCode = homeward_sqlite3_config_no_memory_statistics()
        let logCode = homeward_sqlite3_config_log({ _, code, message in
            SQLiteLibrary.log(code: code, message: message.map { String(cString: $0) } ?? "")
        }, nil)
        if modeCode != SQLITE_OK || statisticsCode != SQLITE_OK || logCode != SQLITE_OK {
            logger.warning("SQLite was initialised before Homeward could configure it",
                           metadata: ["mode": "\(modeCode)", "statistics": "\(statisticsCode)", "log": "\(logCode)"])
        }
        return modeCode == SQLITE_OK && statisticsCode == SQLITE_OK && logCode == SQLITE_OK
    }()

    /// Maps an SQLite log line to a level: constraint failures are routine (the app turns them into
    /// 409s), notices are informational, the rest are problems an operator should see.
    private static func log(code: Int32, message: String) {
        let metadata: Logger.Metadata = ["code": "\(code)"]
        switch code & 0xFF {
        case SQLITE_CONSTRAINT, SQLITE_SCHEMA:
            logger.debug("\(message)", metadata: metadata)
        case SQLITE_NOTICE:
            logger.info("\(message)", metadata: metadata)
        case SQLITE_WARNING:
            logger.warning("\(message)", metadata: metadata)
        default:
            logger.error("\(message)", metadata: metadata)
        }
    }
}
