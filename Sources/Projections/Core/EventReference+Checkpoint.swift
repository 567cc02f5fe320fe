import Events

/// An event reference's bytes: its id as a `SampleKey` (a UUID as its 16 bytes, not its
/// 36 characters), its seq, its type name as a number, its instant, and its source as a
/// number, then its stream (in a log set) as optional text. A type name is `1 +` its place among `EventType`'s cases, or 0 and then the text
/// for any other name; a source is 0 when there is none, `1 +` its place in
/// `EventSource.listed`, or 255 and then the text. A name is numbered only when its bytes
/// are exactly the listed name's, so every reference reads back byte for byte.
///
/// Exit records, plan causes and demo nights hold many references: this keeps reading them
/// to integer reads, with no hex digits parsed and no text checked.
extension EventReference: CheckpointCodable {
    /// The mark of a source written as its text.
    private static let sourceAsText: UInt8 = 255

    package func encode(to writer: inout CheckpointWriter) {
        writer.value(identifier)
        writer.int(seq)
        if let number = Self.typeNumbers[typeName], NameTable.sameBytes(typeName, Self.typeNames[Int(number) - 1]) {
            writer.uint8(number)
        } else {
            writer.uint8(0)
            writer.string(typeName)
        }
        writer.instant(at)
        if let source {
            if let number = Self.sourceNumbers[source.rawValue], NameTable.sameBytes(source.rawValue, Self.sourceNames[Int(number) - 1]) {
                writer.uint8(number)
            } else {
                writer.uint8(Self.sourceAsText)
                writer.string(source.rawValue)
            }
        } else {
            writer.uint8(0)
        }
        writer.optionalString(stream)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        identifier = try reader.value(SampleKey.self)
        seq = try reader.int("EventReference.seq")
        let typeStart = reader.offset
        let typeNumber = Int(try reader.uint8("EventReference.typeName"))
        if typeNumber == 0 {
            typeName = try reader.string("EventReference.typeName")
        } else if typeNumber <= Self.typeNames.count {
            typeName = Self.typeNames[typeNumber - 1]
        } else {
            throw reader.failure("EventReference.typeName", at: typeStart, "\(typeNumber) numbers no event type")
        }
        at = try reader.instant("EventReference.at")
        let sourceStart = reader.offset
        let sourceNumber = try reader.uint8("EventReference.source")
        if sourceNumber == 0 {
            source = nil
        } else if sourceNumber == Self.sourceAsText {
            source = EventSource(rawValue: try reader.string("EventReference.source"))
        } else if Int(sourceNumber) <= Self.sourceNames.count {
            source = EventSource.listed[Int(sourceNumber) - 1]
        } else {
            throw reader.failure("EventReference.source", at: sourceStart, "\(sourceNumber) numbers no source")
        }
        stream = try reader.optionalString("EventReference.stream")
    }

    /// The type names by number − 1 (`EventType`'s cases in order).
    private static let typeNames: [String] = EventType.allCases.map(\.rawValue)
    private static let typeNumbers: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: typeNames.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
    /// The listed sources' names by number − 1.
    private static let sourceNames: [String] = EventSource.listed.map(\.rawValue)
    private static let sourceNumbers: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: sourceNames.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
}
