import FuzzDriver
import MoreSleep

/// libFuzzer entry point: one input is the whole standard input of `replay-tool append`
/// (lines of unsequenced events, `UnsequencedInput`). Parsing must answer with events or a
/// failure naming the input line, never crash or hang. Nothing is appended: only the parse
/// step runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppendInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    switch UnsequencedInput.parse(bytes) {
    case .success(let events):
        precondition(events.count <= bytes.count, "more events than bytes")
    case .failure(let failure):
        precondition(failure.line >= 1, "a failure must name a line ≥ 1")
    }
    return 0
}

/// The entry point SwiftPM links as `main` (see FuzzDriver).
@_cdecl("FuzzAppendInput_main")
public func fuzzAppendInputMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc: argc, argv: argv) { start, count in fuzzAppendInput(start, count) }
}
