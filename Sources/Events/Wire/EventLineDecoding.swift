import StrictJSON
/// The step of the reading path that turns one log line into a `RecordedEvent`.
///
/// `EventLineDecoder` is the reference implementation (strict, built on `JSONParser`).
/// The file layer (`LogScanner`, `EventLogReader`) takes any conforming decoder, so a
/// faster reader can replace it without touching the event types or the projections; a
/// replacement must accept and reject exactly what `EventLineDecoder` does, which the
/// tests can check line by line against it. `FastEventLineDecoder`, the file layer's
/// default, is such a replacement: it reads the lines it is sure of itself and hands every
/// other line to `EventLineDecoder`.
public protocol EventLineDecoding: Sendable {
    /// Reads one line, without its `\n`.
    mutating func decode(line: UnsafeBufferPointer<UInt8>) throws(EventDecodingError) -> RecordedEvent
}

extension EventLineDecoder: EventLineDecoding {}
