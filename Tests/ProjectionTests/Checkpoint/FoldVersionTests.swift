import Events
import Foundation
import HealthImport
import Projections
import Testing
import TestSupport
import Views

/// `FoldVersion.current` moves whenever the fold's output does: a checkpoint of another
/// fold version is ignored, so a change of meaning without a bump would open old
/// checkpoints as if they meant what the new fold means.
///
/// `Tests/Fixtures/FrozenLogs/fold-version.txt` holds the version and a SHA-256 of the JSON
/// views (`show --json`, the frozen goldens' text) of every frozen log, as of its end and
/// as of three instants inside it. The test recomputes the digest: a different digest under
/// the same version fails ("bump FoldVersion.current"). `RECORD_GOLDENS=1` rewrites the
/// file only for a new version; it refuses to record another digest under the same one.
@Suite("Fold version: the fold's output changes only with a bump")
struct FoldVersionTests {
    static let file = "FrozenLogs/fold-version.txt"

    /// What the file records.
    struct Recorded: Equatable {
        var version: UInt32
        var digest: String

        init(version: UInt32, digest: String) {
            self.version = version
            self.digest = digest
        }

        /// Reads the `version N` and `sha256 HEX` lines (`#` lines are comments).
        init?(text: String) {
            var version: UInt32?
            var digest: String?
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let parts = line.split(separator: " ")
                guard parts.count == 2 else { return nil }
                switch parts[0] {
                case "version": version = UInt32(parts[1])
                case "sha256": digest = String(parts[1])
                default: return nil
                }
            }
            guard let version, let digest else { return nil }
            self.init(version: version, digest: digest)
        }

        var text: String {
            """
            # FoldVersion.current and the SHA-256 of the JSON views of every frozen log (FoldVersionTests).
            # Never edit by hand: bump FoldVersion.current, then run the tests with RECORD_GOLDENS=1.
            version \(version)
            sha256 \(digest)

            """
        }
    }

    /// What the test does with what it found.
    enum Verdict: Equatable {
        /// The file records this version and this digest.
        case matches
        /// Write the file anew (recording, and the version is new).
        case record(Recorded)
        /// Fail with this message.
        case fail(String)
    }

    /// The rule: a new digest needs a new version; recording writes only a new version.
    static func verdict(recorded: Recorded?, current: UInt32, digest: String, recording: Bool) -> Verdict {
        let fresh = Recorded(version: current, digest: digest)
        guard let recorded else {
            return recording ? .record(fresh) : .fail("\(file) is missing or unreadable; run the tests with RECORD_GOLDENS=1")
        }
        if recorded.version > current {
            return .fail("FoldVersion.current is \(current), below the \(recorded.version) of \(file): a fold version never goes back")
        }
        if recorded.version == current {
            if recorded.digest == digest { return .matches }
            return recording
                ? .fail("fold output changed: bump FoldVersion.current before recording (refusing to record a new digest under version \(current))")
                : .fail("fold output changed: bump FoldVersion.current (and re-record with RECORD_GOLDENS=1)")
        }
        return recording ? .record(fresh) : .fail("FoldVersion.current is \(current) but \(file) records \(recorded.version): re-record with RECORD_GOLDENS=1")
    }

    /// The frozen logs, relative to `Tests/Fixtures`, in order.
    static var frozenLogs: [String] {
        CheckpointFixtures.logs.filter { $0.hasPrefix("FrozenLogs/v") }
    }

    /// The views the digest covers, each after a line naming its log and instant.
    static func views() throws -> String {
        var text = ""
        for path in frozenLogs {
            let events = try CheckpointFixtures.events(of: path)
            var runner = ProjectionRunner<LogState>()
            runner.apply(contentsOf: events)
            text += "== \(path) end\n" + JSONView.text(state: runner.state, warnings: runner.warnings, asOf: runner.latestInstant)
            for quarter in 1...3 {
                let instant = events[events.count * quarter / 4].at
                var partial = ProjectionRunner<LogState>(position: ReplayPosition(instant: instant))
                partial.apply(contentsOf: events)
                text += "== \(path) as of \(instant.rfc3339)\n" + JSONView.text(state: partial.state, warnings: partial.warnings, asOf: instant)
            }
        }
        return text
    }

    /// The hex SHA-256 of `text`'s UTF-8.
    static func digest(_ text: String) -> String {
        SHA256.hash(Array(text.utf8)).map { String($0, radix: 16).leftPadded(2) }.joined()
    }

    @Test func theFoldOutputChangesOnlyWithABump() throws {
        let url = Golden.fixture(Self.file)
        let recorded = (try? String(contentsOf: url, encoding: .utf8)).flatMap(Recorded.init(text:))
        let recording = ProcessInfo.processInfo.environment[Golden.recordSwitch] == "1"
        switch Self.verdict(recorded: recorded, current: FoldVersion.current, digest: Self.digest(try Self.views()), recording: recording) {
        case .matches:
            break
        case .record(let fresh):
            try Data(fresh.text.utf8).write(to: url)
            Issue.record("Recorded \(Self.file) (version \(fresh.version)); unset \(Golden.recordSwitch) and run again.")
        case .fail(let message):
            Issue.record(Comment(rawValue: message))
        }
    }

    /// The views hashed are the frozen goldens: what `show --json` prints for each log.
    @Test func theEndViewsAreTheFrozenGoldens() throws {
        for path in Self.frozenLogs {
            let events = try CheckpointFixtures.events(of: path)
            var runner = ProjectionRunner<LogState>()
            runner.apply(contentsOf: events)
            let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".jsonl", with: "")
            let golden = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("goldens/\(name)-latest.json")
            let expected = try String(contentsOf: Golden.fixture(golden), encoding: .utf8)
            #expect(JSONView.text(state: runner.state, warnings: runner.warnings, asOf: runner.latestInstant) == expected, "\(path)")
        }
    }

    @Test func aNewDigestNeedsANewVersion() {
        let one = Recorded(version: 1, digest: "aa")
        #expect(Self.verdict(recorded: one, current: 1, digest: "aa", recording: false) == .matches)
        #expect(Self.verdict(recorded: one, current: 1, digest: "aa", recording: true) == .matches)
        #expect(Self.verdict(recorded: one, current: 1, digest: "bb", recording: false)
            == .fail("fold output changed: bump FoldVersion.current (and re-record with RECORD_GOLDENS=1)"))
        guard case .fail(let refusal) = Self.verdict(recorded: one, current: 1, digest: "bb", recording: true) else {
            Issue.record("recording a new digest under the same version must be refused")
            return
        }
        #expect(refusal.hasPrefix("fold output changed: bump FoldVersion.current"))
        #expect(Self.verdict(recorded: one, current: 2, digest: "bb", recording: true) == .record(Recorded(version: 2, digest: "bb")))
        #expect(Self.verdict(recorded: one, current: 2, digest: "aa", recording: true) == .record(Recorded(version: 2, digest: "aa")))
        guard case .fail = Self.verdict(recorded: one, current: 2, digest: "bb", recording: false) else {
            Issue.record("a bump must be recorded")
            return
        }
        guard case .fail = Self.verdict(recorded: Recorded(version: 3, digest: "aa"), current: 2, digest: "aa", recording: true) else {
            Issue.record("a version going back must fail")
            return
        }
        #expect(Self.verdict(recorded: nil, current: 1, digest: "aa", recording: true) == .record(Recorded(version: 1, digest: "aa")))
        #expect(Recorded(text: Recorded(version: 7, digest: "abc").text) == Recorded(version: 7, digest: "abc"))
    }
}

private extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
