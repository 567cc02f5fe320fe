import Commands
import EventLogFile
import Events
import Projections

// Sync between devices (docs/sync.md); a log set's only.
extension MoreSleepStore {
    /// Each stream's last seq as this device holds it: what to tell another device.
    public var heldSeqs: [StreamName: Int] {
        var held: [StreamName: Int] = [:]
        for stream in fold.streams { if let name = stream.name { held[name] = stream.end.lastSeq } }
        return held
    }

    /// The lines of `stream` after `afterSeq` (from its sound prefix): what to send a device.
    ///
    /// - Throws: `.log`: `.invalidArgument` when the log is not a log set, or a read error.
    public func lines(of stream: StreamName, after afterSeq: Int) throws(StoreError) -> StreamLines {
        do {
            return try StreamSync.lines(of: stream, in: try logSet().set, after: afterSeq).lines
        } catch {
            throw .log(error)
        }
    }

    /// Takes lines another device sent, with `StreamSync.receive`'s checks (a longer copy of
    /// this device's own stream is refused), and folds what was appended.
    ///
    /// - Returns: what receiving did (a refusal changes nothing).
    /// - Throws: `.log` when the log is not a log set, or the files cannot be read or
    ///   written. If only the fold after the append failed, the store is out of date.
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

    private func logSet() throws(EventLogFileError) -> (set: LogSetDirectory, own: StreamName) {
        guard case .logSet(let set)? = source, let ownStream else {
            throw EventLogFileError(
                code: .invalidArgument, message: "sync needs a log set (a directory of streams); this store's log is not one", path: source?.path ?? "")
        }
        return (set, ownStream)
    }
}
