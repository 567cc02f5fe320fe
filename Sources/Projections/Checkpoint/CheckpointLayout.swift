/// The byte layout of a checkpoint payload (`ProjectionRunner.checkpointPayload()`), whose
/// first 4 bytes are ``version``; another version is refused. **Bump ``version`` whenever a
/// `StateCodable` description writes other bytes**; the fold's meaning is `FoldVersion`'s.
package enum CheckpointLayout {
    package static let version: UInt32 = 12
}
