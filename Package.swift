// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "homeward",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "homeward", targets: ["homeward"]),
        // Libraries, for the fuzz targets in Tests/Fuzz.
        .library(name: "HomewardHTTP", targets: ["HomewardHTTP"]),
        .library(name: "Homeward", targets: ["Homeward"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // System libraries, linked from the distribution's packages.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Web Push (RFC 8291/8292): ECDH P-256, ECDSA ES256, HKDF and AES-128-GCM from libcrypto.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // PostgreSQL's client library, for the server-database backend.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // MQTT 3.1.1 and 5 (OwnTracks' MQTT mode, Home Assistant discovery): Eclipse Mosquitto's client
        // library, with its own network thread, reconnects and TLS on OpenSSL.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        // What Glibc does not export to Swift: epoll, eventfd, accept4.
        .target(name: "CSystemShims"),
        // The thread-blocking primitive the HTTP and store modules share (ConditionLock).
        .target(name: "HomewardSync"),

        // Sockets, event loops, the HTTP/1.1 parser, Request/Response, Router, gzip.
        .target(
            name: "HomewardHTTP",
            dependencies: [
                "CSystemShims", "CZlib", "HomewardSync",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The test client: in-process through the router, or live over a real socket.
        .target(name: "HomewardHTTPTesting", dependencies: ["HomewardHTTP"]),
        // SQLite: connections, statements, the group-committing writer, readers, migrations.
        .target(
            name: "HomewardStore",
            dependencies: [
                "CSQLite",
                "CSystemShims",
                "HomewardSync",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // PostgreSQL on libpq: connections, prepared statements, rows by name, LISTEN/NOTIFY.
        .target(
            name: "HomewardPostgres",
            dependencies: ["CLibPQ", "HomewardStore", "HomewardSync", .product(name: "Logging", package: "swift-log")]
        ),
        // Pure geo maths: no I/O.
        .target(name: "HomewardGeo", exclude: ["README.md"]),

        // The application: configuration, auth, one folder per feature.
        .target(
            name: "Homeward",
            dependencies: [
                "HomewardHTTP", "HomewardStore", "HomewardSync", "HomewardPostgres", "HomewardGeo", "CSodium", "CCurl", "CQRencode", "COpenSSL",
                "CMosquitto",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["WebApp"],
            plugins: ["EmbedSchema", "EmbedWebApp"]
        ),
        // The executable: serve, migrate, backup, prune, stats.
        .executableTarget(
            name: "homeward",
            dependencies: [
                "Homeward",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Password hashing throughput and memory at the default cost (bench/README.md, "Passwords").
        .executableTarget(name: "homeward-auth-bench", dependencies: ["Homeward"], path: "bench/auth"),

        // SOS accepted -> delivered at an HTTPS webhook receiver (bench/README.md, "Outgoing deliveries").
        .executableTarget(name: "homeward-notify-bench", dependencies: ["Homeward", "HomewardStore"], path: "bench/notify"),

        // Renders a migration written once (schema/NNNN_name.sql) for SQLite and for PostgreSQL.
        .target(name: "SchemaDialect"),
        // Embeds schema/*.sql, rendered for both engines, and schema/openapi.yaml into the
        // application at build time, so the binary carries the one source of truth for the database.
        .executableTarget(name: "SchemaEmbedder", dependencies: ["SchemaDialect"]),
        // Embeds the guardian web app (Sources/Homeward/WebApp) and Debian's Leaflet at build time.
        .executableTarget(name: "WebAppEmbedder"),
        .plugin(
            name: "EmbedWebApp",
            capability: .buildTool(),
            dependencies: ["WebAppEmbedder"],
            path: "Sources/EmbedWebApp"
        ),
        // The geo benchmark: a million samples through the per-person tracker.
        .executableTarget(name: "homeward-geo-bench", dependencies: ["HomewardGeo"], path: "bench/geo"),
        // Reading a row by column name against reading it by position (bench/README.md, "Storage").
        .executableTarget(name: "homeward-row-bench", dependencies: ["HomewardStore"], path: "bench/rows"),
        .plugin(
            name: "EmbedSchema",
            capability: .buildTool(),
            dependencies: ["SchemaEmbedder"],
            path: "Sources/EmbedSchema"
        ),

        .testTarget(name: "HomewardHTTPTests", dependencies: ["HomewardHTTP", "HomewardHTTPTesting"]),
        .testTarget(name: "HomewardStoreTests", dependencies: ["HomewardStore"]),
        .testTarget(name: "HomewardGeoTests", dependencies: ["HomewardGeo"]),
        .testTarget(name: "SchemaDialectTests", dependencies: ["SchemaDialect"]),
        .testTarget(name: "HomewardPostgresTests", dependencies: ["HomewardPostgres", "HomewardStore", "Homeward"]),
        .testTarget(
            name: "HomewardTests",
            dependencies: [
                "Homeward", "HomewardHTTP", "HomewardHTTPTesting", "HomewardStore", "HomewardPostgres", "HomewardGeo", "COpenSSL", "CMosquitto",
                "SchemaDialect",
            ]
        ),
    ]
)
