/// The storage layer of Homeward, on the system SQLite.
