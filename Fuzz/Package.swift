// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for MoreSleep's input parsing. A package of its own because
/// `-sanitize=fuzzer` brings libFuzzer's `main`, which clashes with an executable target's
/// `main` in the main package (platform-notes.md). Build and run with `./run-fuzz.sh`.
///
/// The fuzz targets use the main package's product `MoreSleep` (what a front end imports), so
/// what they exercise is exactly the code the library and the tool ship.
let package = Package(
    name: "MoreSleepFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "MoreSleep", path: "..")],
    targets: [
        // Hands the process over to libFuzzer (see FuzzDriver.swift).
        .target(name: "FuzzDriver"),
        // EventLineDecoder.decode(line:) and decodeUnsequenced(line:) on arbitrary bytes.
        .executableTarget(name: "FuzzEventLine", dependencies: ["FuzzDriver", .product(name: "MoreSleep", package: "MoreSleep")]),
        // FastEventLineDecoder against EventLineDecoder on arbitrary bytes: the same answers.
        .executableTarget(name: "FuzzFastDecoder", dependencies: ["FuzzDriver", .product(name: "MoreSleep", package: "MoreSleep")]),
        // `replay-tool append`'s standard-input parsing (UnsequencedInput.parse) on arbitrary bytes.
        .executableTarget(name: "FuzzAppendInput", dependencies: ["FuzzDriver", .product(name: "MoreSleep", package: "MoreSleep")]),
    ],
    swiftLanguageModes: [.v6]
)
