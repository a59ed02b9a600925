// swift-tools-version:6.0
// libFuzzer targets for Homeward, built only on demand (Tests/Fuzz/run.sh), since they link
// libFuzzer's own main and need -sanitize=fuzzer.
import PackageDescription

let package = Package(
    name: "homeward-fuzz",
    dependencies: [
        .package(name: "homeward", path: "../.."),
    ],
    targets: [
        .target(name: "HTTPParserFuzzerEntry"),
        .executableTarget(
            name: "http-parser-fuzzer",
            dependencies: [.product(name: "HomewardHTTP", package: "homeward"), "HTTPParserFuzzerEntry"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
