/// The byte layout of a checkpoint payload (`ProjectionRunner.checkpointPayload()`).
///
/// A payload starts with ``version`` as a 4-byte little-endian number; a payload of another
/// layout version is refused with a `CheckpointDecodingError`. **Bump ``version`` whenever
/// any `StateCodable` description writes other bytes** (a field added, removed, reordered or
/// written another way, an enumeration's cases renumbered). What the fold means is
/// versioned apart, by `FoldVersion`.
package enum CheckpointLayout {
    /// The layout version this build writes and reads.
    package static let version: UInt32 = 9
}
