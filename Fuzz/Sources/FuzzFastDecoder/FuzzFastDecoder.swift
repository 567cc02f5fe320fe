import FuzzDriver
import MoreSleep

/// libFuzzer entry point: one input is one log line. `FastEventLineDecoder` (the default
/// reader) and the reference `EventLineDecoder` must give the same answer: the same event,
/// writing back to the same bytes, or the same error. Each decoder is used twice on the
/// line, fresh and then with its caches warm from the corpus so far, so that the caches'
/// state never changes an answer.
nonisolated(unsafe) private var warmFast = FastEventLineDecoder()
nonisolated(unsafe) private var warmReference = EventLineDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFastDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    var fast = FastEventLineDecoder()
    var reference = EventLineDecoder()
    compare(bytes, &fast, &reference)
    compare(bytes, &warmFast, &warmReference)
    return 0
}

private func compare(_ bytes: [UInt8], _ fast: inout FastEventLineDecoder, _ reference: inout EventLineDecoder) {
    let expected = Result { () throws(EventDecodingError) -> RecordedEvent in try reference.decode(line: bytes) }
    let actual = Result { () throws(EventDecodingError) -> RecordedEvent in try fast.decode(line: bytes) }
    switch (actual, expected) {
    case (.success(let event), .success(let other)):
        precondition(event == other, "the fast decoder read another event than the reference")
        precondition(EventLineEncoder.encode(event) == EventLineEncoder.encode(other), "the events write back differently")
    case (.failure(let error), .failure(let other)):
        precondition(error == other, "the decoders refuse the line with different errors: \(error) / \(other)")
    case (.success, .failure(let error)):
        fatalError("the fast decoder read a line the reference refuses: \(error)")
    case (.failure(let error), .success):
        fatalError("the fast decoder refused a line the reference reads: \(error)")
    }
}

/// The entry point SwiftPM links as `main` (see FuzzDriver).
@_cdecl("FuzzFastDecoder_main")
public func fuzzFastDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv) { start, count in fuzzFastDecoder(start, count) }
}
