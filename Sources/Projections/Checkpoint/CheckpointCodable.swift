/// A value that can be written into a checkpoint payload and read back exactly.
///
/// `encode(to:)` appends the value's bytes to a `CheckpointWriter`; `init(from:)` reads them
/// back from a `CheckpointReader`, checking every read and throwing (never trapping) on
/// bytes that are cut short or make no sense. Decoding what `encode(to:)` wrote gives a
/// value whose every answer is the same as the original's, and which encodes to the same
/// bytes (collections keyed by dictionaries are written in key order).
package protocol CheckpointCodable {
    /// Appends the value's bytes.
    func encode(to writer: inout CheckpointWriter)
    /// Reads a value written by `encode(to:)`.
    init(from reader: inout CheckpointReader) throws(CheckpointDecodingError)
}
