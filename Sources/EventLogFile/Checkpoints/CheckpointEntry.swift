/// A checkpoint file found in a `CheckpointFolder`: where it is and its header (its payload is
/// read only when it is used, `CheckpointFolder.withPayload(of:_:)`).
package struct CheckpointEntry: Sendable, Hashable {
    package var path: String
    /// E.g. `seq-000000150000.checkpoint`.
    package var fileName: String
    package var header: CheckpointHeader
    /// The header's size in bytes: where the payload starts.
    package var headerSize: Int

    package init(path: String, fileName: String, header: CheckpointHeader, headerSize: Int) {
        self.path = path
        self.fileName = fileName
        self.header = header
        self.headerSize = headerSize
    }

    /// The position it covers.
    package var position: CheckpointPosition { header.position }
}
