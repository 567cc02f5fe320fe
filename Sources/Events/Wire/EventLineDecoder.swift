import Foundation
import StrictJSON

/// Reads one log line (without its `\n`) into a `RecordedEvent`, or an unsequenced input
/// line (as `replay-tool append` takes them) into an `Event`, checking everything the
/// wire format requires and naming the key and what was expected when a check fails.
///
/// A zone name (the envelope's `tz`, a sample's own `tz`) must have the form of one
/// (`ZoneName.isPlausible(_:)`); whether this platform's time-zone data knows the zone is
/// not asked: such a line is sound, and projections skip it (docs/rules.md §8.2).
public struct EventLineDecoder: Sendable {
    /// The envelope keys of docs/log-format.md §2, in write order.
    public static let envelopeKeys = ["seq", "id", "type", "v", "at", "tz", "source", "causedBy", "batch", "data"]
    private static let knownEnvelopeKeys = Set(envelopeKeys)

    /// The types and versions this decoder knows.
    public var catalogue: EventCatalogue

    /// Creates a decoder for `catalogue`.
    public init(catalogue: EventCatalogue = .current) {
        self.catalogue = catalogue
    }

    /// Reads a log line: `seq` is required.
    public mutating func decode(line: UnsafeBufferPointer<UInt8>) throws(EventDecodingError) -> RecordedEvent {
        let object = try Self.parseObject(line)
        let seqValue = try Self.required(object, "seq", expected: "an integer ≥ 1")
        let seq = try PayloadDecoder.integer(seqValue, keyPath: "seq")
        // The largest seq leaves room for the next one (Int.max would have no successor).
        guard seq >= 1, seq < Int.max else { throw EventDecodingError(key: "seq", message: "expected an integer ≥ 1 and below 2^63 − 1") }
        let batch = try Self.batch(object)
        let event = try decodeEvent(object)
        let original: [UInt8]? = if case .opaque = event.payload { Array(line) } else { nil }
        return RecordedEvent(seq: seq, batch: batch, event: event, originalLine: original)
    }

    /// Reads a log line given as bytes.
    public mutating func decode(line: [UInt8]) throws(EventDecodingError) -> RecordedEvent {
        try TypedParsing.parse(line) { buffer throws(EventDecodingError) in try decode(line: buffer) }
    }

    /// Reads an input line for appending: `seq` and `batch` must be absent (the log
    /// assigns them).
    public mutating func decodeUnsequenced(line: [UInt8]) throws(EventDecodingError) -> Event {
        let object = try TypedParsing.parse(line) { buffer throws(EventDecodingError) in try Self.parseObject(buffer) }
        if object["seq"] != nil {
            throw EventDecodingError(key: "seq", message: "must be left out: the log assigns it")
        }
        if object["batch"] != nil {
            throw EventDecodingError(key: "batch", message: "must be left out: the log marks batches itself")
        }
        return try decodeEvent(object)
    }

    private static func parseObject(_ line: UnsafeBufferPointer<UInt8>) throws(EventDecodingError) -> JSONObject {
        if let index = line.firstIndex(where: { $0 == 0x0D || $0 == 0x00 }) {
            let what = line[index] == 0x0D ? "a carriage return (\\r)" : "a NUL byte"
            throw EventDecodingError(key: nil, message: "\(what) at byte \(index): lines end with \\n alone")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw EventDecodingError(key: nil, message: "invalid JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw EventDecodingError(key: nil, message: "expected a JSON object, found \(value.kindDescription)")
        }
        let duplicates = object.duplicateKeys()
        if let duplicate = duplicates.first(where: { knownEnvelopeKeys.contains($0) }) ?? duplicates.first {
            throw EventDecodingError(key: duplicate, message: "appears more than once in the envelope")
        }
        return object
    }

    private static func required(_ object: JSONObject, _ key: String, expected: String) throws(EventDecodingError) -> JSONValue {
        guard let value = object[key] else { throw .missing(key, expected: expected) }
        return value
    }

    private static func string(_ object: JSONObject, _ key: String, expected: String) throws(EventDecodingError) -> String {
        let value = try required(object, key, expected: expected)
        guard case .string(let text) = value else { throw .mistyped(key, expected: expected, found: value) }
        return text
    }

    private static func optionalString(_ object: JSONObject, _ key: String) throws(EventDecodingError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw .mistyped(key, expected: "a string", found: value) }
        return text
    }

    private static func batch(_ object: JSONObject) throws(EventDecodingError) -> BatchPosition? {
        guard let value = object["batch"] else { return nil }
        let expected = "[index, count] with 1 ≤ index ≤ count and count ≥ 2"
        guard case .array(let items) = value, items.count == 2 else {
            throw EventDecodingError(key: "batch", message: "expected \(expected)")
        }
        let index = try PayloadDecoder.integer(items[0], keyPath: "batch[0]")
        let count = try PayloadDecoder.integer(items[1], keyPath: "batch[1]")
        guard let position = BatchPosition(index: index, count: count) else {
            throw EventDecodingError(key: "batch", message: "expected \(expected)")
        }
        return position
    }

    private mutating func decodeEvent(_ object: JSONObject) throws(EventDecodingError) -> Event {
        let limits = Event.identifierByteRange
        let id = try Self.string(object, "id", expected: "a string of \(limits.lowerBound)–\(limits.upperBound) UTF-8 bytes")
        guard limits.contains(id.utf8.count) else {
            throw EventDecodingError(key: "id", message: "expected a string of \(limits.lowerBound)–\(limits.upperBound) UTF-8 bytes, found \(id.utf8.count) bytes")
        }
        let typeName = try Self.string(object, "type", expected: "an event type name")
        guard !typeName.isEmpty else { throw EventDecodingError(key: "type", message: "expected an event type name, found an empty string") }
        let versionValue = try Self.required(object, "v", expected: "an integer ≥ 1")
        let version = try PayloadDecoder.integer(versionValue, keyPath: "v")
        guard version >= 1 else { throw EventDecodingError(key: "v", message: "expected an integer ≥ 1") }
        let atText = try Self.string(object, "at", expected: "an RFC 3339 instant with offset")
        let at: Instant
        do {
            at = try Instant(rfc3339: atText)
        } catch {
            throw EventDecodingError(key: "at", message: error.description)
        }
        // A plausible name this platform's time-zone data does not know is sound (docs/rules.md
        // §8.2): projections skip the event; only the name's form is checked here.
        let zone = try Self.string(object, "tz", expected: ZoneName.expectedForm)
        try ZoneName.check(zone, key: "tz")
        let source = try Self.optionalString(object, "source").map(EventSource.init(rawValue:))
        let causedBy = try Self.optionalString(object, "causedBy")
        let dataValue = try Self.required(object, "data", expected: "an object")
        guard case .object(let data) = dataValue else { throw .mistyped("data", expected: "an object", found: dataValue) }
        try PayloadDecoder.rejectDuplicateKeys(in: data, path: "data")
        let decoded = try catalogue.decodePayload(typeName: typeName, version: version, data: data)
        let additionalEnvelope = JSONObject(object.members.filter { !Self.envelopeKeys.contains($0.key) })
        return Event(
            identifier: CompactIdentifier(id), at: at, timeZone: zone, source: source, causedBy: causedBy,
            payload: decoded.payload,
            additionalEnvelopeFields: additionalEnvelope,
            additionalPayloadFields: decoded.additional
        )
    }
}
