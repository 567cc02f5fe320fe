import Commands
import Store
import EventLogFile
import Events
import Testing

/// Which checkpoints a folder keeps (docs/checkpoints.md): the newest, one for each of the 3
/// nights before, the oldest of each sparse span; never more than 9; every span filled once
/// the history is long enough.
@Suite struct CheckpointRetentionTests {
    static let day: Int64 = 86_400_000

    /// A checkpoint whose latest line is at 21:00 UTC on `night` (days since 1970).
    static func entry(night: Int64) -> CheckpointEntry {
        let end = LogResumePoint(byteOffset: night * 1000 + 1, lineNumber: Int(night) + 2, lastSeq: Int(night) + 1)
        let zero = PrefixDigest(high: 0, low: 0)
        let header = CheckpointHeader(
            foldVersion: 1, isLogSet: false,
            position: CheckpointPosition(streams: [.init(name: nil, end: end, tailDigest: zero, prefixDigest: zero)], lastKey: nil),
            eventCount: Int(night) + 1, latestAt: night * day + 21 * 3_600_000)
        return CheckpointEntry(path: "/c/\(night)", fileName: CheckpointFolder.fileName(forLastSeq: Int(night) + 1), header: header, headerSize: 0)
    }

    /// Writes one checkpoint a night for `nights` nights, pruning after each as a store does.
    static func simulate(nights: Int64) -> [CheckpointEntry] {
        var kept: [CheckpointEntry] = []
        for night in 0..<nights {
            kept = CheckpointRetention.kept(kept + [entry(night: night)])
            #expect(kept.count <= 9, "bounded after night \(night): \(kept.count)")
        }
        return kept
    }

    @Test func aYearOfNightlyCheckpointsKeepsAtMostNineSpreadBackwards() {
        let kept = Self.simulate(nights: 365)
        let newest: Int64 = 364
        let ages = kept.map { newest - ($0.header.latestAt / Self.day) }.sorted()
        #expect(ages.prefix(4) == [0, 1, 2, 3], "the newest and the 3 nights before it: \(ages)")
        for span in CheckpointRetention.sparseSpans {
            #expect(ages.filter { span.contains($0) }.count == 1, "one in \(span): \(ages)")
        }
        #expect(kept.count == 9)
    }

    @Test func aLateEventUpToNineWeeksOldHasACheckpointWithinThreeTimesItsAge() {
        // Every night from the 200th to the 400th: the spans shift as checkpoints age.
        var kept: [CheckpointEntry] = []
        for night in Int64(0)..<400 {
            kept = CheckpointRetention.kept(kept + [Self.entry(night: night)])
            guard night >= 200 else { continue }
            let ages = kept.map { night - ($0.header.latestAt / Self.day) }
            for age in Int64(1)...63 {
                let before = ages.filter { $0 >= age }.min()
                #expect(before.map { $0 <= 3 * age } ?? false, "night \(night): a late event \(age) nights old rewinds to \(before.map(String.init) ?? "none") (\(ages.sorted()))")
            }
        }
    }

    @Test func removableIsEverythingNotKept() {
        let all = (0..<40).map { Self.entry(night: Int64($0)) }
        let kept = Set(CheckpointRetention.kept(all).map(\.fileName))
        let removable = Set(CheckpointRetention.removable(all).map(\.fileName))
        #expect(kept.isDisjoint(with: removable))
        #expect(kept.union(removable).count == 40)
    }
}
