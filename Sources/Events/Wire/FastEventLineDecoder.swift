import StrictJSON
/// Reads log lines as `EventLineDecoder` does, several times faster: the decoder the file
/// layer uses by default.
///
/// A fast path reads the line's bytes once, validating the JSON as strictly as
/// `JSONParser` as it goes, takes the envelope's values directly and decodes every v1
/// payload type directly, with no `JSONValue` tree: instants, dates and times of day are
/// parsed from the bytes, and the short strings that repeat (zones, sources, source names,
/// units, template and item ids) are made once and shared.
///
/// Whenever the fast path meets anything it does not handle exactly as the reference —
/// an escape in a key, an invalid escape, an unknown or repeated key, payload keys out of the writer's
/// order, `type` after `data`, a number it does not interpret, an unknown type or another
/// version, an opaque event, a carriage return, any error at all — the line is handed to `EventLineDecoder`, and that result,
/// or that error, is the answer. So errors and their messages are the reference's, and
/// the fast path only ever accepts what the reference accepts, with an equal
/// `RecordedEvent` that encodes to the same bytes; the tests check this line by line on
/// every fixture, a simulated log, systematic mutations and the JSONTestSuite corpus.
///
/// Reuse one decoder for a whole file: its caches of strings and zones fill on the first
/// lines.
public struct FastEventLineDecoder: EventLineDecoding {
    /// The reference, which reads every line the fast path hands over.
    private var reference: EventLineDecoder
    /// The types whose current version in the catalogue is 1 (the shapes decoded here),
    /// one bit per ``EventType`` in declaration order.
    private let nativeTypes: UInt32
    var strings = InternedStrings()

    /// How many lines the fast path read.
    public private(set) var fastPathLineCount = 0
    /// How many lines went to the reference decoder (including every line that failed).
    public private(set) var fallbackLineCount = 0

    /// Creates a decoder for `catalogue`. Types whose current version there is not 1 (an
    /// upcast shape) are always read by the reference decoder.
    public init(catalogue: EventCatalogue = .current) {
        reference = EventLineDecoder(catalogue: catalogue)
        var native: UInt32 = 0
        for type in EventType.allCases where catalogue.currentVersion(of: type.rawValue) == 1 && type.currentVersion == 1 {
            native |= 1 << UInt32(type.ordinal)
        }
        nativeTypes = native
    }

    /// The types and versions this decoder knows.
    public var catalogue: EventCatalogue { reference.catalogue }

    /// Reads a log line (without its `\n`): `seq` is required.
    ///
    /// - Throws: exactly the error `EventLineDecoder` throws for the line.
    public mutating func decode(line: UnsafeBufferPointer<UInt8>) throws(EventDecodingError) -> RecordedEvent {
        do throws(FastPathMiss) {
            let recorded = try decodeFast(line)
            fastPathLineCount += 1
            return recorded
        } catch {
            fallbackLineCount += 1
            return try reference.decode(line: line)
        }
    }

    /// Reads a log line given as bytes.
    ///
    /// - Throws: exactly the error `EventLineDecoder` throws for the line.
    public mutating func decode(line: [UInt8]) throws(EventDecodingError) -> RecordedEvent {
        try TypedParsing.parse(line) { buffer throws(EventDecodingError) in try decode(line: buffer) }
    }

    // MARK: The envelope

    /// Which envelope keys were seen, one bit each.
    private struct EnvelopeKeys: OptionSet {
        let rawValue: UInt16
        static let seq = EnvelopeKeys(rawValue: 1 << 0)
        static let id = EnvelopeKeys(rawValue: 1 << 1)
        static let type = EnvelopeKeys(rawValue: 1 << 2)
        static let version = EnvelopeKeys(rawValue: 1 << 3)
        static let at = EnvelopeKeys(rawValue: 1 << 4)
        static let tz = EnvelopeKeys(rawValue: 1 << 5)
        static let source = EnvelopeKeys(rawValue: 1 << 6)
        static let causedBy = EnvelopeKeys(rawValue: 1 << 7)
        static let batch = EnvelopeKeys(rawValue: 1 << 8)
        static let data = EnvelopeKeys(rawValue: 1 << 9)
        static let required: EnvelopeKeys = [.seq, .id, .type, .version, .at, .tz, .data]
    }

    private mutating func decodeFast(_ line: UnsafeBufferPointer<UInt8>) throws(FastPathMiss) -> RecordedEvent {
        guard let base = line.baseAddress else { throw FastPathMiss() }
        var scanner = FastLineScanner(base: base, count: line.count)
        try scanner.openObject()
        var seen: EnvelopeKeys = []
        var seq = 0
        var version = 0
        var identifier = CompactIdentifier.text("")
        var identifierDigest = IdentifierDigest(utf8: UnsafeBufferPointer(start: nil, count: 0))
        var at = Instant(millisecondsSince1970: 0, normalizedOffsetSeconds: 0)
        var zone = ""
        var source: EventSource?
        var causedBy: String?
        var batch: BatchPosition?
        var type: EventType?
        var payload = EventPayload.goalCleared
        var first = true
        // The key the writer puts next, tried first.
        var likely = PackedName.seq
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .seq:
                try Self.mark(.seq, in: &seen)
                likely = .id
                seq = try scanner.integer()
            case .id:
                try Self.mark(.id, in: &seen)
                likely = .typeKey
                // A UUID is held as its bits: no string is made (nor freed on the folding thread).
                let read = try scanner.withString { bytes in
                    Event.identifierByteRange.contains(bytes.count) ? (CompactIdentifier(utf8: bytes), IdentifierDigest(utf8: bytes)) : nil
                }
                guard let read else { throw FastPathMiss() }
                (identifier, identifierDigest) = read
            case .typeKey:
                try Self.mark(.type, in: &seen)
                likely = .v
                let eventType = try EventType.packedNames.value(try scanner.name())
                guard nativeTypes & (1 << UInt32(eventType.ordinal)) != 0 else { throw FastPathMiss() }
                type = eventType
            case .v:
                try Self.mark(.version, in: &seen)
                likely = .at
                version = try scanner.integer()
            case .at:
                try Self.mark(.at, in: &seen)
                likely = .tz
                at = try Self.instant(&scanner)
            case .tz:
                try Self.mark(.tz, in: &seen)
                likely = .source
                zone = try strings.zoneName(at: &scanner, field: .zone)
            case .source:
                try Self.mark(.source, in: &seen)
                likely = .batch
                source = EventSource(rawValue: try strings.string(at: &scanner, field: .source))
            case .causedBy:
                try Self.mark(.causedBy, in: &seen)
                likely = .batch
                causedBy = try scanner.withString { String(decoding: $0, as: UTF8.self) }
            case .batch:
                try Self.mark(.batch, in: &seen)
                likely = .data
                batch = try Self.batch(&scanner)
            case .data:
                try Self.mark(.data, in: &seen)
                // The payload's shape depends on the type, so the type must come first (it
                // does in every line the writer makes).
                guard let type else { throw FastPathMiss() }
                payload = try decodePayload(type, &scanner)
            default:
                // An unknown envelope key is kept on round trip: the reference keeps it.
                throw FastPathMiss()
            }
        }
        guard scanner.atEndAfterWhitespace(), seen.isSuperset(of: .required), seq >= 1, version == 1 else {
            throw FastPathMiss()
        }
        return RecordedEvent(
            seq: seq, batch: batch,
            event: Event(
                identifier: identifier, at: at, timeZone: zone, source: source, causedBy: causedBy, payload: payload,
                additionalEnvelopeFields: JSONObject(), additionalPayloadFields: JSONObject()),
            originalLine: nil, stream: nil, idDigest: identifierDigest
        )
    }

    /// Records that `key` was seen; a key seen twice misses (the reference refuses it).
    @inline(__always)
    private static func mark(_ key: EnvelopeKeys, in seen: inout EnvelopeKeys) throws(FastPathMiss) {
        guard !seen.contains(key) else { throw FastPathMiss() }
        seen.insert(key)
    }

    /// `[index, count]`, two integers making a valid ``BatchPosition``.
    @inline(__always)
    private static func batch(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> BatchPosition {
        try scanner.expect(UInt8(ascii: "["))
        scanner.skipWhitespace()
        let index = try scanner.integer()
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: ","))
        scanner.skipWhitespace()
        let count = try scanner.integer()
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "]"))
        guard let position = BatchPosition(index: index, count: count) else { throw FastPathMiss() }
        return position
    }

    // MARK: Values

    /// An RFC 3339 instant with an offset. The writer's two forms (25 bytes, or 29 with
    /// milliseconds) are tried first, without a string scan (see
    /// ``FastLineScanner/unvalidatedString(length:)``) and with a parser of those two
    /// forms only; anything else is read by the reference's own byte parser.
    @inline(__always)
    static func instant(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> Instant {
        let mark = scanner.position
        if let bytes = scanner.unvalidatedString(length: 25), let instant = Instant.parseWriterForm(bytes) {
            return instant
        }
        scanner.position = mark
        if let bytes = scanner.unvalidatedString(length: 29), let instant = Instant.parseWriterForm(bytes) {
            return instant
        }
        scanner.position = mark
        return try anyInstant(&scanner)
    }

    /// An instant in another form than the writer's, read by the reference's byte parser.
    @inline(never)
    private static func anyInstant(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> Instant {
        guard let instant = try scanner.withString({ try? Instant(rfc3339Bytes: $0) }) else { throw FastPathMiss() }
        return instant
    }

    /// A time of day, `HH:mm`.
    @inline(__always)
    static func timeOfDay(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> TimeOfDay {
        let mark = scanner.position
        if let bytes = scanner.unvalidatedString(length: 5), let time = try? TimeOfDay(textBytes: bytes) {
            return time
        }
        scanner.position = mark
        guard let time = try scanner.withString({ try? TimeOfDay(textBytes: $0) }) else { throw FastPathMiss() }
        return time
    }

    /// A calendar date, `YYYY-MM-DD`.
    @inline(__always)
    static func localDate(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> LocalDate {
        let mark = scanner.position
        if let bytes = scanner.unvalidatedString(length: 10), let date = try? LocalDate(isoBytes: bytes) {
            return date
        }
        scanner.position = mark
        guard let date = try scanner.withString({ try? LocalDate(isoBytes: $0) }) else { throw FastPathMiss() }
        return date
    }

    /// A night, `YYYY-MM-DD` or `demo`.
    @inline(__always)
    static func night(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> Night {
        let mark = scanner.position
        if let bytes = scanner.unvalidatedString(length: 10), let date = try? LocalDate(isoBytes: bytes) {
            return .date(date)
        }
        scanner.position = mark
        let night = try scanner.withString { bytes -> Night? in
            if bytes.count == 4, bytes[0] == UInt8(ascii: "d"), bytes[1] == UInt8(ascii: "e"),
               bytes[2] == UInt8(ascii: "m"), bytes[3] == UInt8(ascii: "o") {
                return .demo
            }
            return (try? LocalDate(isoBytes: bytes)).map(Night.date)
        }
        guard let night else { throw FastPathMiss() }
        return night
    }
}
