/// A checkpoint file in a `CheckpointFolder`: its path and header (the payload is read on use).
package struct CheckpointEntry: Sendable, Hashable {
    package var path: String
    /// E.g. `seq-000000150000.checkpoint`.
    package var fileName: String
    package var header: CheckpointHeader
    /// Where the payload starts.
    package var headerSize: Int

    package init(path: String, fileName: String, header: CheckpointHeader, headerSize: Int) {
        self.path = path
        self.fileName = fileName
        self.header = header
        self.headerSize = headerSize
    }

    package var position: CheckpointPosition { header.position }
}
