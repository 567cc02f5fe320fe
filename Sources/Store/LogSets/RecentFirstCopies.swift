import Commands
import EventLogFile
import Events
import Projections

/// The first copies (stream, seq, content digest) of the ids a log set's fold met in the last
/// ``window`` before its last event. An id in several streams counts once, its first copy in
/// fold order; a later copy is left out, silently if its content is the first's, with a warning
/// otherwise. A checkpoint saves this to judge the copies after it; a copy of an older id makes
/// an older checkpoint the start (`CheckpointedFold`).
package struct RecentFirstCopies: Sendable, Hashable {
    /// Where a first copy came from, and ``contentDigest(of:)``.
    package struct Copy: Sendable, Hashable {
        package var stream: String
        package var seq: Int
        package var moment: Int64
        package var content: PrefixDigest

        /// As a warning names it (`RecordedEvent.place`).
        package var place: String { EventPlace.name(seq: seq, stream: stream) }
    }

    /// How far back from the last event the table reaches: 14 days, in ms.
    package static let window: Int64 = 14 * 86_400_000

    package private(set) var byIdentifier: [String: Copy] = [:]

    package init() {}

    /// Notes `event` as its id's first copy (the caller knows it is), if it is in a stream.
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

    /// The digest of the type, `v` and `data` as the line encodes them (one text per value), so
    /// two copies' digests are equal exactly when `LogSetFold.sameContent` holds.
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
