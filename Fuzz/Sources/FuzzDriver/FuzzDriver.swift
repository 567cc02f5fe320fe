/// Starts libFuzzer from a SwiftPM executable.
///
/// In a debug build SwiftPM renames an executable's entry point to `<Module>_main` and links
/// with `main=<Module>_main`, so libFuzzer's own `main` is never used (and, built with
/// `-parse-as-library` as `-sanitize=fuzzer` needs, the module has no `<Module>_main` at all:
/// the link fails). Each fuzz target therefore defines `<Module>_main` itself and hands over
/// to libFuzzer's documented `LLVMFuzzerRunDriver` with its entry point.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback
) -> CInt

/// Runs libFuzzer with the process's arguments and `callback`; returns its exit code.
public func runFuzzer(
    argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback
) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
