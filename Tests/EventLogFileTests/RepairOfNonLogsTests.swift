import EventLogFile
import Foundation
import ReplayToolKit
import TestSupport
import Testing

/// Repair removes only a torn tail of a MoreSleep log: the bytes after the last whole line,
/// or an incomplete batch at the end. A file that holds no whole event line and does not
/// begin as the writer begins a line (`{"seq":`) is not a log: its end is not a torn tail,
/// so repair refuses it (65, nothing changed) and verify never suggests repair for it.
@Suite("Repair never cuts a file that is not a log")
struct RepairOfNonLogsTests {
    /// Files people point the tool at by mistake, none ending with a newline.
    static let nonLogs: [(name: String, bytes: [UInt8])] = [
        ("a JSON array", Array(#"[{"a":1}]"#.utf8)),
        ("another app's JSON line", Array(#"{"event":"open","at":1}"#.utf8)),
        ("another app's JSON lines", Array("{\"event\":\"open\"}\n{\"event\":\"close\"}".utf8)),
        ("CSV", Array("night,bedtime\n2026-11-30,23:45".utf8)),
        ("binary", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]),
        ("text with a zero byte", Array("abc".utf8) + [0] + Array("def".utf8)),
        ("text with zero bytes, then a line", Array("data".utf8) + [0, 0, 0, 0, 0x0A] + Array("more".utf8)),
        ("a lone brace-bracket", Array("{[".utf8)),
    ]

    @Test("a file that is not a log is refused by repair, its bytes unchanged", arguments: nonLogs.map(\.name))
    func nonLogIsRefused(_ name: String) throws {
        let bytes = try #require(Self.nonLogs.first { $0.name == name }?.bytes)
        try TemporaryFolder.with("RepairOfNonLogsTests") { directory in
            let path = try directory.write(bytes, to: "x.json")
            let report = try FileEventLog.verify(path: path)
            #expect(report.tornTail == nil, "\(name): \(String(describing: report.tornTail))")
            #expect(!report.isSound)
            let error = #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path) { _ in Issue.record("repair announced a removal") } }
            #expect(error?.code == .corrupt)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)

            let repair = ToolRun(["repair", path])
            #expect(repair.code == .dataError, "\(repair.error)")
            #expect(repair.error.contains("nothing was changed"), "\(repair.error)")
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)

            let verify = ToolRun(["verify", path])
            #expect(verify.code == .dataError)
            #expect(!verify.error.contains("run 'replay-tool repair"), "\(verify.error)")
            #expect(verify.error.contains("does not look like a MoreSleep event log"), "\(verify.error)")
        }
    }

    /// What a crash leaves of a log's first append is still a torn tail: a partial first
    /// line, sectors the disk had not written (zeros), a batch cut short.
    static let tornFirstAppends: [(name: String, bytes: [UInt8])] = [
        ("a partial first line", Array(#"{"seq":1,"id":"a","ty"#.utf8)),
        ("the first byte alone", Array("{".utf8)),
        ("a first line cut inside its first key", Array(#"{"se"#.utf8)),
        ("an unwritten first sector", [0, 0, 0, 0, 0, 0, 0] + Array(#","id":"a""#.utf8)),
        ("zeros with a newline, then a cut line", [UInt8](repeating: 0, count: 12) + [0x0A] + Array(#"{"seq":2"#.utf8)),
        ("a batch cut short", Array((RawLine.valid(1, batch: (1, 3)) + "\n" + RawLine.valid(2, batch: (2, 3)) + "\n").utf8)),
    ]

    @Test("the torn first append of a log is still removed", arguments: tornFirstAppends.map(\.name))
    func tornFirstAppendIsRemoved(_ name: String) throws {
        let bytes = try #require(Self.tornFirstAppends.first { $0.name == name }?.bytes)
        try TemporaryFolder.with("RepairOfNonLogsTests") { directory in
            let path = try directory.write(bytes)
            let torn = try #require(try FileEventLog.verify(path: path).tornTail, "\(name)")
            #expect(torn.byteOffset == 0)
            #expect(try FileEventLog.repair(path: path) == torn)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        }
    }

    @Test("on every hostile file, repair leaves the bytes as they were or removes exactly the torn tail")
    func everyHostileFile() throws {
        try TemporaryFolder.with("RepairOfNonLogsTests") { directory in
            for name in HostileCorpus.fileNames {
                let original = try Array(Data(contentsOf: URL(fileURLWithPath: HostileCorpus.path(name))))
                let path = try directory.write(original, to: name.replacingOccurrences(of: "/", with: "-"))
                let before = try FileEventLog.verify(path: path)
                let run = ToolRun(["repair", path])
                let after = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
                if let torn = before.tornTail, before.issues.allSatisfy({ $0.kind == .tornTail }) {
                    #expect(run.code == .success, "\(name): \(run.error)")
                    #expect(after == Array(original.prefix(Int(torn.byteOffset))), "\(name)")
                    #expect(original.count - after.count == Int(torn.byteCount), "\(name)")
                } else {
                    #expect(after == original, "\(name): repair changed a file without a lone torn tail")
                    #expect(run.code == (before.isSound ? .success : .dataError), "\(name): exit \(run.code) \(run.error)")
                }
            }
        }
    }
}

