import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// The README's first screen and its tour, run as written: what a person new to the project
/// follows must keep working and keep printing what the README shows.
struct ReadmeTourTests {
    static let repository = Golden.fixturesDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func readme() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The fenced block right after the HTML comment starting with `marker`.
    static func block(after marker: String, in text: String) throws -> String {
        let start = try #require(text.range(of: "<!-- \(marker)"))
        let fenceOpen = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let bodyStart = try #require(text.range(of: "\n", range: fenceOpen.upperBound..<text.endIndex))
        let fenceClose = try #require(text.range(of: "\n```", range: bodyStart.upperBound..<text.endIndex))
        return String(text[bodyStart.upperBound..<fenceClose.lowerBound]) + "\n"
    }

    @Test func theFirstScreenShowsWhatTheReportPrints() throws {
        let shown = try Self.block(after: "report-sample-week", in: try Self.readme())
        let run = ToolRun.run(["report", Golden.fixture("SampleWeek/sample-week.jsonl").path])
        #expect(run.code == .success)
        #expect(shown == run.output, "README's first screen differs from the report:\n\(Golden.diff(expected: shown, actual: run.output))")
    }

    @Test func theTourRunsAsWritten() throws {
        let folder = try TemporaryFolder()
        let lines = try Self.block(after: "tour", in: try Self.readme()).split(separator: "\n").map(String.init)
        let commands = lines.filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(commands.count >= 8, "the tour has its steps")
        var outputs: [String: String] = [:]
        for line in commands {
            let step = try TourStep(line: line, folder: folder, repository: Self.repository)
            let run = ToolRun.run(step.arguments, input: step.input)
            #expect(run.code == .success, "\(line)\n\(run.error)")
            if let redirect = step.outputFile {
                _ = try folder.write(redirect, run.output)
            }
            outputs[step.arguments.prefix(2).joined(separator: " "), default: ""] += run.output
        }
        #expect(outputs["show \(folder.path("tour.jsonl"))"]?.contains("2026-11-30  23:45") == true)
        #expect(outputs["why \(folder.path("tour.jsonl"))"]?.contains("bedtime 22:45 → 23:30") == true)
        #expect(outputs["report \(folder.path("month.jsonl"))"]?.contains("HTML report written to") == true)
        #expect(FileManager.default.fileExists(atPath: folder.path("month.html")))
    }

    /// One line of the tour: `[echo '…' |] swift run replay-tool ARGS… [> FILE]` with
    /// trailing `# comments`; relative paths under `Tests/` are the repository's, others the
    /// temporary folder's.
    struct TourStep {
        var arguments: [String]
        var input = ""
        var outputFile: String?

        init(line: String, folder: TemporaryFolder, repository: URL) throws {
            var words = try Self.words(line)
            if words.first == "echo" {
                let bar = try #require(words.firstIndex(of: "|"), "an echo pipes into the tool: \(line)")
                input = words[1..<bar].joined(separator: " ") + "\n"
                words.removeSubrange(0...bar)
            }
            #expect(Array(words.prefix(3)) == ["swift", "run", "replay-tool"], "\(line)")
            words.removeFirst(3)
            if let arrow = words.firstIndex(of: ">") {
                outputFile = words[arrow + 1]
                words.removeSubrange(arrow...)
            }
            arguments = words.map { word in
                if word.hasPrefix("Tests/") { return repository.appendingPathComponent(word).path }
                if word.hasSuffix(".jsonl") || word.hasSuffix(".html") { return folder.path(word) }
                return word
            }
        }

        /// Shell words: blanks split, single quotes group, `#` outside quotes ends the line.
        static func words(_ line: String) throws -> [String] {
            var words: [String] = []
            var current = ""
            var quoted = false
            var started = false
            for character in line {
                if quoted {
                    if character == "'" { quoted = false } else { current.append(character) }
                } else if character == "'" {
                    quoted = true
                    started = true
                } else if character == "#" && !started {
                    break
                } else if character == " " {
                    if started { words.append(current) }
                    current = ""
                    started = false
                } else {
                    current.append(character)
                    started = true
                }
            }
            #expect(!quoted, "a quote is closed: \(line)")
            if started { words.append(current) }
            return words
        }
    }
}
