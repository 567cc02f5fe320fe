import FuzzDriver
import MoreSleep

/// libFuzzer entry point: one input is one log line (its bytes, whatever they are). The
/// decoder must answer with an event or an `EventDecodingError`, never crash or hang. A line
/// it reads must write back (EventLineEncoder) as a line it reads again, and that written
/// line must be a fixed point (the writer is byte-stable).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLine(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    var decoder = EventLineDecoder()
    if let recorded = try? decoder.decode(line: bytes) {
        let written = EventLineEncoder.encode(recorded)
        let again: RecordedEvent
        do {
            again = try decoder.decode(line: written)
        } catch {
            fatalError("a line the decoder read was written back as a line it refuses: \(error)")
        }
        precondition(EventLineEncoder.encode(again) == written, "writing is not byte-stable after a round trip")
    }
    _ = try? decoder.decodeUnsequenced(line: bytes)
    return 0
}

/// The entry point SwiftPM links as `main` (see FuzzDriver).
@_cdecl("FuzzEventLine_main")
public func fuzzEventLineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv) { start, count in fuzzEventLine(start, count) }
}
