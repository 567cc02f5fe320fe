import Foundation
import Testing

/// Golden files: expected outputs kept in `Tests/Fixtures`, compared exactly with a
/// readable diff.
///
/// Re-record only on purpose: run the tests with `RECORD_GOLDENS=1`. Recording writes the
/// file and still fails the test, so a recording run can never pass by accident; read the
/// diff (`git diff Tests/Fixtures`) before committing.
public enum Golden {
    /// The environment switch that re-records goldens.
    public static let recordSwitch = "RECORD_GOLDENS"

    /// The `Tests/Fixtures` folder.
    public static var fixturesDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// A file in `Tests/Fixtures`.
    public static func fixture(_ relativePath: String) -> URL {
        fixturesDirectory.appendingPathComponent(relativePath)
    }

    /// Compares `actual` with the golden file `relativePath` (under `Tests/Fixtures`).
    public static func assertMatches(
        _ actual: String,
        golden relativePath: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = fixture(relativePath)
        if ProcessInfo.processInfo.environment[recordSwitch] == "1" {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                Issue.record("Recorded \(relativePath); unset \(recordSwitch), read the diff and run again.", sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record \(relativePath): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("Golden file \(relativePath) is missing; run with \(recordSwitch)=1 to record it.", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("Output differs from \(relativePath):\n\(diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
        }
    }

    /// A line diff: `-` expected, `+` actual, with two lines of context around each change.
    public static func diff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, fine for golden-sized texts.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var rows: [(mark: Character, text: String)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                rows.append((" ", old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                rows.append(("-", old[i])); i += 1
            } else {
                rows.append(("+", new[j])); j += 1
            }
        }
        var shown = Set<Int>()
        for (index, row) in rows.enumerated() where row.mark != " " {
            for nearby in max(0, index - 2)...min(rows.count - 1, index + 2) { shown.insert(nearby) }
        }
        var text = ""
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0, index != previous + 1 { text += "   …\n" }
            text += "\(rows[index].mark) \(rows[index].text)\n"
            previous = index
        }
        return text
    }
}
