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
        typeName = try reader.string("EventReference.typeName")
        at = try reader.instant("EventReference.at")
        source = try reader.optionalString("EventReference.source").map(EventSource.init(rawValue:))
    }
}
