import Foundation
import Testing
import TestSupport

/// The README's "Embedding the store" example is a program of this package
/// (`Examples/embedding-example`): the package builds it, so it compiles against the
/// `MoreSleep` product as written; this test checks that the README shows exactly that
/// file, and runs it.
struct ReadmeEmbeddingTests {
    static let source = ReadmeTourTests.repository.appendingPathComponent("Examples/embedding-example/main.swift")

    @Test func theReadmeShowsTheExampleProgram() throws {
        let shown = try ReadmeTourTests.block(after: "embedding-example", in: try ReadmeTourTests.readme())
        let file = try String(contentsOf: Self.source, encoding: .utf8)
        // The file opens with two comment lines saying what it is; the README shows the rest.
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix("//") })
        let body = lines.dropFirst(2).joined(separator: "\n")
        #expect(shown == body, "README's embedding example differs from its program:\n\(Golden.diff(expected: body, actual: shown))")
        #expect(shown.contains("import MoreSleep"))
        #expect(!shown.contains("import Commands"), "one import is enough for a front end")
    }

    @Test func theExampleRunsAndPrintsReadableValues() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path("embedding-example", override: "EMBEDDING_EXAMPLE_PATH"))
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(complaints)")
        let lines = printed.split(separator: "\n").map(String.init)
        // The goal and the bedtime were appended, nothing refused, and every value reads as
        // a sentence rather than a dump of stored properties.
        #expect(!printed.contains("refused:"), "\(printed)")
        #expect(lines.contains { $0.hasPrefix("coming night: 20") && $0.contains(": bed ") })
        #expect(lines.contains { $0.hasPrefix("debt: 7 nights 0 min") })
        #expect(lines.contains("warnings: no warnings"))
        #expect(!printed.contains("Projections."), "no type dumps")
    }

    @Test func theReadmeShowsTheModelExampleAndItRuns() throws {
        let shown = try ReadmeTourTests.block(after: "model-example", in: try ReadmeTourTests.readme())
        let file = try String(contentsOf: ReadmeTourTests.repository.appendingPathComponent("Examples/model-example/main.swift"), encoding: .utf8)
        let body = file.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        #expect(shown == body, "README's model example differs from its program:\n\(Golden.diff(expected: body, actual: shown))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path("model-example", override: "MODEL_EXAMPLE_PATH"))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.first == "timeline 2026-11-30T19:00:00+01:00: beforeWindDown, ring green", "\(printed)")
        #expect(lines.contains("model: beforeWindDown, next change 2026-11-30T19:10:00+01:00"), "\(printed)")
        #expect(lines.contains("model at 2026-11-30T19:10:00+01:00: beforeWindDown"), "the model woke at its next change: \(printed)")
        #expect(lines.contains { $0.hasPrefix("live activity: beforeWindDown") })
    }
}
