/// Bytes of a checkpoint's payload that a decoded value keeps in place instead of copying,
/// with the object that keeps them valid (the read-only mapping of the checkpoint file).
///
/// A state read from a checkpoint holds its largest columns this way (the ids' digests, the
/// sleep samples and vital readings): a fresh process then faults in none of the megabytes a
/// copy would take, and the pages, clean and backed by the file, count against no memory
/// limit. The bytes are never written: the mapping is read-only and a checkpoint file is
/// never changed in place (docs/checkpoints.md, "Reading without copying").
package struct RetainedBytes: @unchecked Sendable {
    // @unchecked: `bytes` is read-only memory that `owner` keeps mapped and nothing writes;
    // both fields are immutable.
    private let owner: any AnyObject & Sendable
    /// The bytes.
    let bytes: UnsafeRawBufferPointer

    /// `bytes`, valid as long as `owner` lives.
    package init(_ bytes: UnsafeRawBufferPointer, keptBy owner: any AnyObject & Sendable) {
        self.owner = owner
        self.bytes = bytes
    }

    /// The number of bytes.
    var count: Int { bytes.count }

    /// The little-endian integer at `offset`, of any alignment.
    @inline(__always)
    func load<Value: FixedWidthInteger>(at offset: Int, as type: Value.Type = Value.self) -> Value {
        Value(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }
}
