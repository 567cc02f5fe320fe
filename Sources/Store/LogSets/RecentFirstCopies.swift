import Commands
import EventLogFile
import Events
import Projections

/// The first copies of the ids a log set's fold met in its last ``window`` (by `at`, back from
/// its last event): which stream and seq each came from and a digest of its content.
///
/// A copy of an id in another stream counts once, the first in fold order, and is left out
/// silently when its content is the first's, with a warning otherwise (`LogSetFold`). When a
/// copy arrives after a checkpoint whose state already folded the first, the state alone
/// cannot say which; this table can, for first copies that recent. The usual case is a
/// watch that was offline: the phone receives copies of what it recorded days later. A copy
/// of an older id makes an older checkpoint the start, as before (`CheckpointedFold`).
///
/// Saved in a log set's checkpoint beside its position; kept up to date by the store as it
/// folds.
package struct RecentFirstCopies: Sendable, Hashable {
    /// Where a first copy came from, and its content's digest (``contentDigest(of:)``).
    package struct Copy: Sendable, Hashable {
        package var stream: String
        package var seq: Int
        package var moment: Int64
        package var content: PrefixDigest

        /// The copy's place as a warning names it (`RecordedEvent.place`).
        package var place: String { EventPlace.name(seq: seq, stream: stream) }
    }

    /// How far back from the last event the table reaches: 14 days.
    package static let window: Int64 = 14 * 86_400_000

    /// The copies, by id.
    package private(set) var byIdentifier: [String: Copy] = [:]

    /// An empty table.
    package init() {}

    /// Notes `event` as the first copy of its id (the caller knows it is), when it is in a
    /// stream.
    package mutating func note(_ event: RecordedEvent) {
        guard let stream = event.stream else { return }
        byIdentifier[event.id] = Copy(
            stream: stream, seq: event.seq, moment: event.at.millisecondsSince1970, content: Self.contentDigest(of: event))
    }

    /// Forgets the copies more than ``window`` before `latest` (ms since 1970).
    package mutating func prune(before latest: Int64) {
        let limit = latest - Self.window
        byIdentifier = byIdentifier.filter { $0.value.moment >= limit }
    }

    /// The digest of what makes two copies the same: the type, `v` and `data` (not the id,
    /// `at`, `tz`, `source` or `causedBy`), as the event's line encodes them. Two copies have
    /// the same digest exactly when `LogSetFold.sameContent` holds (the encoding is one text
    /// per value).
    package static func contentDigest(of event: RecordedEvent) -> PrefixDigest {
        var bare = event.event
        bare.id = ""
        bare.at = Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)
        bare.timeZone = ""
        bare.source = nil
        bare.causedBy = nil
        var bytes: [UInt8] = []
        EventLineEncoder.write(bare, seq: nil, batch: nil, into: &bytes)
        return PrefixDigest.digest(of: bytes)
    }
}

extension RecentFirstCopies: StateCodable {
    package static var placeholder: RecentFirstCopies { RecentFirstCopies() }

    /// The copies by id, in id order.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("RecentFirstCopies", &byIdentifier)
    }
}

extension RecentFirstCopies.Copy: StateCodable {
    package static var placeholder: Self { Self(stream: "", seq: 0, moment: 0, content: PrefixDigest(high: 0, low: 0)) }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&stream)
        try coder.code(&seq)
        try coder.code(&moment)
        try coder.code(&content.high)
        try coder.code(&content.low)
    }
}
