import Commands
import EventLogFile

/// Which checkpoints a folder keeps (docs/checkpoints.md): the newest, the newest of each of
/// the ``nightly`` nights before it, and the oldest in each of the ``sparseSpans``. A night is
/// a day from noon UTC: a cache's spacing, not a person's night.
package enum CheckpointRetention {
    /// The nights before the newest that keep one checkpoint each.
    package static let nightly = 3
    /// The spans of nights before the newest that keep their oldest checkpoint each.
    package static let sparseSpans: [ClosedRange<Int64>] = [4...7, 8...15, 16...31, 32...63, 64...127]

    static func night(_ entry: CheckpointEntry) -> Int64 {
        night(of: entry.header.latestAt)
    }

    /// The night of an instant in ms since 1970 (days since 1970, from noon UTC).
    package static func night(of moment: Int64) -> Int64 {
        let noon: Int64 = 12 * 3_600_000
        let day: Int64 = 86_400_000
        let shifted = moment - noon
        return shifted >= 0 ? shifted / day : -((-shifted + day - 1) / day)
    }

    /// The entries to keep, by position.
    package static func kept(_ entries: [CheckpointEntry]) -> [CheckpointEntry] {
        let ordered = entries.sorted { ($0.header.byteOffset, $0.fileName) > ($1.header.byteOffset, $1.fileName) }
        guard let newest = ordered.first else { return [] }
        let newestNight = night(newest)
        var keep: [CheckpointEntry] = [newest]
        var nightsKept: Set<Int64> = [newestNight]
        for entry in ordered.dropFirst() {
            let entryNight = night(entry)
            let age = newestNight - entryNight
            if age >= 1, age <= Int64(nightly), nightsKept.insert(entryNight).inserted { keep.append(entry) }
        }
        for span in sparseSpans {
            // `ordered` runs newest first: the last in the span is its oldest.
            if let oldest = ordered.last(where: { span.contains(newestNight - night($0)) }) {
                keep.append(oldest)
            }
        }
        return keep.sorted { $0.header.byteOffset < $1.header.byteOffset }
    }

    package static func removable(_ entries: [CheckpointEntry]) -> [CheckpointEntry] {
        let keep = Set(kept(entries).map(\.fileName))
        return entries.filter { !keep.contains($0.fileName) }
    }

    /// Removes the checkpoints ``kept(_:)`` leaves out (failing silently: a cache), answering those kept.
    @discardableResult
    package static func prune(_ folder: CheckpointFolder) -> [CheckpointEntry] {
        let listed = folder.entries().entries
        for stale in removable(listed) { try? folder.remove(stale) }
        folder.removeLeftovers()
        return kept(listed)
    }

    /// The ages (nights before the last) at which a fold from the first line saves a state:
    /// each nightly one, and each sparse span's far end, so every span holds one.
    package static var agesSavedFromTheStart: [Int64] {
        Array(1...Int64(nightly)) + sparseSpans.map(\.upperBound)
    }
}
