import Events

extension EventReference: CheckpointCodable {
    package func encode(to writer: inout CheckpointWriter) {
        writer.string(id)
        writer.int(seq)
        writer.string(typeName)
        writer.instant(at)
        writer.optionalString(source?.rawValue)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        identifier = try SampleKey(text: &reader, "EventReference.id")
        seq = try reader.int("EventReference.seq")
        typeName = try reader.string("EventReference.typeName", among: Self.knownTypeNames)
        at = try reader.instant("EventReference.at")
        source = try reader.optional("EventReference.source") { reader throws(CheckpointDecodingError) in
            EventSource(rawValue: try reader.string("EventReference.source", among: Self.knownSources))
        }
    }

    /// The event types' names, and the sources listed, as read back without making them
    /// again.
    private static let knownTypeNames = EventType.allCases.map { (Array($0.rawValue.utf8), $0.rawValue) }
    private static let knownSources = EventSource.listed.map { (Array($0.rawValue.utf8), $0.rawValue) }
}
