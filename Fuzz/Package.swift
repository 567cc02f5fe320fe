// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for MoreSleep's input parsing. A package of its own because
/// `-sanitize=fuzzer` brings libFuzzer's `main`, which clashes with an executable target's
/// `main` in the main package (platform-notes.md). Build and run with `./run-fuzz.sh`.
///
/// `ReplayToolKit` (and `HealthImport`, which it needs) are not products of the main package,
/// so they are compiled here from the same sources, through the symbolic links
/// `Sources/FuzzReplayToolKit` and `Sources/FuzzHealthImport` (nothing is copied), under
/// other module names (SwiftPM wants target names unique across the package graph).
let package = Package(
    name: "MoreSleepFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "MoreSleep", path: "..")],
    targets: [
        .target(
            name: "FuzzHealthImport",
            dependencies: [.product(name: "Events", package: "MoreSleep"), .product(name: "EventLogFile", package: "MoreSleep")]
        ),
        .target(
            name: "FuzzReplayToolKit",
            dependencies: [
                .product(name: "Events", package: "MoreSleep"), .product(name: "EventLogFile", package: "MoreSleep"),
                .product(name: "Projections", package: "MoreSleep"), .product(name: "Commands", package: "MoreSleep"),
                .product(name: "Simulation", package: "MoreSleep"), "FuzzHealthImport",
            ],
            // The sources say `import HealthImport`; here that module is FuzzHealthImport.
            swiftSettings: [.unsafeFlags(["-module-alias", "HealthImport=FuzzHealthImport"])]
        ),
        // Hands the process over to libFuzzer (see FuzzDriver.swift).
        .target(name: "FuzzDriver"),
        // EventLineDecoder.decode(line:) and decodeUnsequenced(line:) on arbitrary bytes.
        .executableTarget(name: "FuzzEventLine", dependencies: ["FuzzDriver", .product(name: "Events", package: "MoreSleep")]),
        // FastEventLineDecoder against EventLineDecoder on arbitrary bytes: the same answers.
        .executableTarget(name: "FuzzFastDecoder", dependencies: ["FuzzDriver", .product(name: "Events", package: "MoreSleep")]),
        // `replay-tool append`'s standard-input parsing (AppendCommand.parse) on arbitrary bytes.
        .executableTarget(name: "FuzzAppendInput", dependencies: ["FuzzDriver", "FuzzReplayToolKit"]),
    ],
    swiftLanguageModes: [.v6]
)
