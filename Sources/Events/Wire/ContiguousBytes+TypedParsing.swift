/// Runs a typed-throwing parser over contiguous bytes. The standard library's
/// `withUTF8` and `withUnsafeBufferPointer` only rethrow untyped errors, so the result is
/// carried out as a `Result` and the typed error thrown again.
enum TypedParsing {
    /// Parses the UTF-8 bytes of `text` (without copying a native string).
    static func parse<Value, Failure: Error>(
        _ text: String,
        with parser: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        var contiguous = text
        let result = contiguous.withUTF8 { bytes in capture(bytes, parser) }
        return try result.get()
    }

    /// Parses the bytes of `array`.
    static func parse<Value, Failure: Error>(
        _ array: [UInt8],
        with parser: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let result = array.withUnsafeBufferPointer { bytes in capture(bytes, parser) }
        return try result.get()
    }

    private static func capture<Value, Failure: Error>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ parser: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) -> Result<Value, Failure> {
        do throws(Failure) {
            return .success(try parser(bytes))
        } catch {
            return .failure(error)
        }
    }
}
