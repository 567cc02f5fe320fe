// swift-tools-version: 6.0
import PackageDescription

/// MoreSleep core: the event log, its projections, the commands a front end sends,
/// and `replay-tool`. Library targets build for Linux and for iOS 17, watchOS 10 and
/// macOS 14; nothing outside the Swift toolchain is used.
let package = Package(
    name: "MoreSleep",
    platforms: [.iOS(.v17), .watchOS(.v10), .macOS(.v14)],
    products: [
        // What a front end imports: `import MoreSleep` brings the store, commands, state,
        // events, log, words, views and the observable model. The fuzz targets (Fuzz/) use it too.
        .library(name: "MoreSleep", targets: ["MoreSleep"]),
        // What an importer of Apple Health exports adds.
        .library(name: "HealthImport", targets: ["HealthImport"]),
        // What an app's tests import to pin its own recorded nights to golden JSON views.
        .library(name: "MoreSleepTesting", targets: ["MoreSleepTesting"]),
        // The command-line tool. The simulator, the tool kit, the bench and the harness are
        // the package's own, not published as libraries.
        .executable(name: "replay-tool", targets: ["replay-tool"]),
        .executable(name: "replay-bench", targets: ["replay-bench"]),
        .executable(name: "log-crash-harness", targets: ["log-crash-harness"]),
    ],
    targets: [
        // A strict JSON reader (RFC 8259, checked against JSONTestSuite) and a byte-stable
        // writer: what the log's lines and the JSON view are made of.
        .target(name: "StrictJSON"),
        // The vocabulary: event types, values, and the byte-stable JSON-lines encoding.
        .target(name: "Events", dependencies: ["StrictJSON"]),
        // The durable file: locking, fsync, streaming reads, torn-tail repair.
        .target(name: "EventLogFile", dependencies: ["Events"]),
        // Pure folds over events and queries that take `now`.
        .target(name: "Projections", dependencies: ["StrictJSON", "Events"]),
        // Decisions: a command and the state → the events to append, or the rule it breaks.
        .target(name: "Commands", dependencies: ["Events", "EventLogFile", "Projections"]),
        // The store a front end embeds, and every fold of a log: `LogFold`, the checkpointed
        // fold, the checkpoints' keeper and retention, the fold of a log set.
        .target(name: "Store", dependencies: ["Events", "EventLogFile", "Projections", "Commands"]),
        // Every word in the person's language: ICU MessageFormat templates, CLDR plural rules,
        // the shipped catalogues (English, German, Arabic), numbers, dates and times as ICU
        // writes them, and bidi isolation for right-to-left text.
        .target(name: "Localization", dependencies: ["Events", "Projections"]),
        // The morning summary, sleep tips, voice answers, exit prompts and the coach's words:
        // which messages to say.
        .target(name: "Summaries", dependencies: ["Events", "Projections", "Localization"]),
        // What a front end renders, ready made: the JSON view (`show --json`), the watch
        // summary and the widget snapshot.
        .target(name: "Views", dependencies: ["StrictJSON", "Events", "Projections", "Summaries"]),
        // What a SwiftUI front end observes: `MoreSleepModel` (`@Observable`, on the main actor)
        // over the store, re-read after every change of the log and at the next instant
        // tonight changes, on a clock a preview or a test moves by hand.
        .target(name: "FrontEnd", dependencies: ["Events", "Projections", "Commands", "Store", "Summaries", "Views"]),
        // One import for a front end: re-exports the nine library modules it uses.
        .target(name: "MoreSleep", dependencies: ["Events", "EventLogFile", "Projections", "Commands", "Store", "Localization", "Summaries", "Views", "FrontEnd"]),
        // Recorded logs pinned to their golden JSON views at chosen instants, with field-level
        // differences: `replay-tool golden` and `MoreSleepTesting`.
        .target(name: "Goldens", dependencies: ["StrictJSON", "Events", "EventLogFile", "Projections", "Store", "Views"]),
        // For an app's own tests: an assertion that pins its recorded logs to their goldens.
        .target(name: "MoreSleepTesting", dependencies: ["Events", "Goldens"]),
        // Import of an Apple Health export (export.xml), streamed, with content-derived ids.
        .target(name: "HealthImport", dependencies: ["Events", "EventLogFile", "Projections", "StrictJSON"]),
        // The command-line tool's logic, testable in process; `replay-tool` is its thin main.
        // Realistic synthetic logs (`replay-tool simulate`): a person following, or not, a plan.
        .target(name: "Simulation", dependencies: ["Events", "Projections", "Commands", "Store"]),
        .target(name: "ReplayToolKit", dependencies: ["StrictJSON", "Events", "EventLogFile", "Projections", "Localization", "Summaries", "Views", "Commands", "Store", "HealthImport", "Simulation", "Goldens"]),
        .executableTarget(name: "replay-tool", dependencies: ["ReplayToolKit"]),
        // `swift run -c release replay-bench`: replay, launch and append figures on simulated logs of 10k, 100k and 1M events.
        .executableTarget(name: "replay-bench", dependencies: ["Events", "EventLogFile", "Projections", "Commands", "Store", "FrontEnd", "Simulation", "ReplayToolKit"]),
        // The README's embedding example as a program (`swift run embedding-example`), built and
        // run by the tests so that what the README shows keeps compiling and working.
        .executableTarget(name: "embedding-example", dependencies: ["MoreSleep"], path: "Examples/embedding-example"),
        // The README's model example (an observable model over a preview's store, the
        // evening's timeline, a Live Activity's state), built and run by the tests too.
        .executableTarget(name: "model-example", dependencies: ["MoreSleep"], path: "Examples/model-example"),
        // `log-crash-harness run`: SIGKILLs a writer process at random moments and checks
        // that acknowledged events survive, only torn tails appear, and repair heals them.
        // Crash states and failing disks: file operations recorded and failed through
        // EventLogFile's `FileOperations` seam, every state a crash could leave built and checked.
        .target(name: "CrashConsistency", dependencies: ["Events", "EventLogFile", "Commands", "Store"]),
        .executableTarget(name: "log-crash-harness", dependencies: ["Events", "EventLogFile", "CrashConsistency"]),

        // Shared test helpers: golden files and given/when/then.
        .target(
            name: "TestSupport",
            dependencies: ["StrictJSON", "Events", "EventLogFile", "Projections", "Commands", "Store", "Views", "ReplayToolKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON", "TestSupport"]),
        .testTarget(name: "EventsTests", dependencies: ["Events", "StrictJSON", "TestSupport"]),
        .testTarget(name: "EventLogFileTests", dependencies: ["StrictJSON", "Events", "EventLogFile", "TestSupport", "replay-tool"]),
        .testTarget(name: "ProjectionTests", dependencies: ["StrictJSON", "Events", "Projections", "Views", "HealthImport", "TestSupport"]),
        .testTarget(name: "CommandsTests", dependencies: ["Events", "Projections", "Commands", "Store", "EventLogFile", "HealthImport", "TestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Events", "Projections", "Commands", "Store", "EventLogFile", "TestSupport"]),
        .testTarget(name: "GoldensTests", dependencies: ["Events", "EventLogFile", "Goldens", "MoreSleepTesting", "ReplayToolKit", "TestSupport"]),
        .testTarget(name: "FrontEndTests", dependencies: ["Events", "Projections", "Commands", "Store", "EventLogFile", "Views", "FrontEnd", "Summaries", "Localization", "TestSupport"]),
        .testTarget(name: "CrashConsistencyTests", dependencies: ["Events", "EventLogFile", "Commands", "Store", "CrashConsistency", "TestSupport"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Summaries", "Localization", "Projections", "Events", "StrictJSON", "TestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "Events", "Projections", "TestSupport"]),
        .testTarget(name: "SummariesTests", dependencies: ["Summaries", "Localization", "Events", "Projections", "TestSupport"]),
        .testTarget(name: "HealthImportTests", dependencies: ["HealthImport", "Events", "EventLogFile", "Projections", "TestSupport"]),
        .testTarget(
            name: "SimulationTests",
            dependencies: ["Simulation", "StrictJSON", "Views", "Events", "EventLogFile", "Projections", "Commands", "Store", "ReplayToolKit", "TestSupport"]
        ),
        .testTarget(
            name: "ReplayToolKitTests",
            dependencies: ["ReplayToolKit", "replay-tool", "embedding-example", "model-example", "StrictJSON", "Events", "EventLogFile", "Localization", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
