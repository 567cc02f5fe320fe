import Commands
import EventLogFile
import Events
import Projections

// Sync between devices (docs/sync.md): what this device holds, what to send another, and
// taking what another sent. A log set's only: a log file has no other streams.
extension MoreSleepStore {
    /// Each stream's last seq, as this device holds it (what to tell another device, so that
    /// it sends only the lines after).
    public var heldSeqs: [StreamName: Int] {
        var held: [StreamName: Int] = [:]
        for stream in fold.streams { if let name = stream.name { held[name] = stream.end.lastSeq } }
        return held
    }

    /// What to send another device that holds `stream` up to seq `afterSeq`: the stream's
    /// lines after it, from its sound prefix (`StreamSync.lines(of:in:after:)`).
    ///
    /// - Throws: `.log`: `.invalidArgument` when the store's log is not a log set, or what
    ///   reading the stream throws.
    public func lines(of stream: StreamName, after afterSeq: Int) throws(StoreError) -> StreamLines {
        do {
            return try StreamSync.lines(of: stream, in: try logSet().set, after: afterSeq).lines
        } catch {
            throw .log(error)
        }
    }

    /// Takes lines another device sent, with `StreamSync.receive`'s checks (a longer copy
    /// of this device's own stream is refused), and folds what was appended: in place, or by
    /// rewinding to the checkpoint before them (a watch's night synced in the morning).
    ///
    /// - Returns: what receiving did (a refusal changes nothing).
    /// - Throws: `.log` when the store's log is not a log set, or the files cannot be read or
    ///   written. If only the fold after a good append failed, the outcome is returned and
    ///   the store is out of date (``StoreSnapshot/outOfDate``) until a re-read succeeds.
    public func receive(_ incoming: StreamLines) throws(StoreError) -> StreamSync.Outcome {
        let outcome: StreamSync.Outcome
        do {
            let (set, own) = try logSet()
            outcome = try StreamSync.receive(incoming, into: set, ownStream: own)
        } catch {
            throw .log(error)
        }
        if case .appended(let count, let first, let last) = outcome {
            do {
                try catchUp()
            } catch {
                outOfDate = outOfDate?.adding(seqs: first...last, count: count, error: error)
                    ?? StoreStaleness(unfoldedSeqs: first...last, unfoldedEventCount: count, error: error)
                publish()
            }
        }
        return outcome
    }

    /// The log set and this device's stream, or an error saying the log is not a set.
    private func logSet() throws(EventLogFileError) -> (set: LogSetDirectory, own: StreamName) {
        guard case .logSet(let set)? = source, let ownStream else {
            throw EventLogFileError(
                code: .invalidArgument, message: "sync needs a log set (a directory of streams); this store's log is not one", path: source?.path ?? "")
        }
        return (set, ownStream)
    }
}
