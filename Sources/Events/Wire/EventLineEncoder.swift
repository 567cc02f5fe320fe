/// Writes events as log lines: the envelope keys in the documented order, no spaces, no
/// escaped `/`, so the same event always gives the same bytes.
public enum EventLineEncoder {
    /// The line of `recorded`, without the trailing `\n`. An opaque event read from a file
    /// is written exactly as it was read.
    public static func encode(_ recorded: RecordedEvent) -> [UInt8] {
        if let original = recorded.originalLine { return original }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(recorded.event, seq: recorded.seq, batch: recorded.batch, into: &bytes)
        return bytes
    }

    /// Writes one line (without `\n`) for `event` at `seq` (left out when `nil`).
    public static func write(_ event: Event, seq: Int?, batch: BatchPosition?, into bytes: inout [UInt8]) {
        var envelope = PayloadEncoder()
        if let seq { envelope.integer("seq", seq) }
        envelope.string("id", event.id)
        envelope.string("type", event.typeName)
        envelope.integer("v", event.version)
        envelope.instant("at", event.at)
        envelope.string("tz", event.timeZone)
        envelope.optionalString("source", event.source?.rawValue)
        envelope.optionalString("causedBy", event.causedBy)
        if let batch {
            envelope.key("batch")
            envelope.appendRaw("[\(batch.index),\(batch.count)]")
        }
        envelope.nested("data") { data in
            event.payload.encodeData(to: &data)
            data.additional(event.additionalPayloadFields)
        }
        envelope.additional(event.additionalEnvelopeFields)
        bytes.append(UInt8(ascii: "{"))
        bytes.append(contentsOf: envelope.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// The bytes that identify an event's content for idempotent appends: the line
    /// without `seq` and `batch`. Two appends of one id are the same event when these match.
    public static func content(of event: Event) -> [UInt8] {
        var bytes: [UInt8] = []
        write(event, seq: nil, batch: nil, into: &bytes)
        return bytes
    }
}
