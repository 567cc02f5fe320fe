import TestSupport
import Store
import Events
import Foundation
import Testing

/// The `show --json` of some streams as a log set, and of the same streams merged into one
/// file in fold order (renumbered 1…, as one device would have written them): each split
/// before `"warnings"` (whose seqs count per stream in the one, through the file in the
/// other), with the warnings apart.
struct LogSetViews {
    /// The log set's view, up to its warnings.
    var set: String
    /// The merged file's view, up to its warnings.
    var merged: String
    /// The log set's warnings (from `"warnings"` on).
    var setWarnings: String
    /// The merged file's warnings.
    var mergedWarnings: String

    init(_ streams: [String: [Event]], at: String? = nil) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.url.path + "/set", withIntermediateDirectories: false)
        var merged: [RecordedEvent] = []
        for (name, events) in streams {
            _ = try folder.write("set/" + name + ".jsonl", LogSetFoldTests.stream(events))
            merged += events.enumerated().map { RecordedEvent(seq: $0.offset + 1, event: $0.element, stream: name) }
        }
        merged.sort(by: EventOrdering.precedes)
        let mergedPath = try folder.write("merged.jsonl", LogSetFoldTests.stream(merged.map(\.event)))
        let extra = at.map { ["--at", $0] } ?? []
        let set = ToolRun.run(["show", folder.url.path + "/set", "--json"] + extra)
        let one = ToolRun.run(["show", mergedPath, "--json", "--no-checkpoint"] + extra)
        #expect(set.code == .success && one.code == .success, "\(set.error) \(one.error)")
        func split(_ view: String) -> (String, String) {
            guard let range = view.range(of: "\"warnings\"") else { return (view, "") }
            return (String(view[..<range.lowerBound]), String(view[range.lowerBound...]))
        }
        (self.set, setWarnings) = split(set.output)
        (self.merged, mergedWarnings) = split(one.output)
    }
}
