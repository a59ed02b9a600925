// swift-tools-version:6.0
// libFuzzer targets for Homeward, built only on demand (Tests/Fuzz/run.sh), since they link
// libFuzzer's own main and need -sanitize=fuzzer.
import PackageDescription

let package = Package(
    name: "homeward-fuzz",
    dependencies: [
        .package(name: "homeward", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "HTTPParserFuzzerEntry"),
        .executableTarget(
            name: "http-parser-fuzzer",
            dependencies: [.product(name: "HomewardHTTP", package: "homeward"), "HTTPParserFuzzerEntry"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .target(name: "IngestJSONFuzzerEntry"),
        .executableTarget(
            name: "ingest-json-fuzzer",
            dependencies: [
                .product(name: "Homeward", package: "homeward"),
                .product(name: "HomewardHTTP", package: "homeward"),
                .product(name: "Logging", package: "swift-log"),
                "IngestJSONFuzzerEntry",
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
