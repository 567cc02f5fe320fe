/// A checkpoint file found in a `CheckpointFolder`: where it is and what its header says
/// (its payload is read only when it is used, by `CheckpointFolder.payload(of:)`).
package struct CheckpointEntry: Sendable, Hashable {
    /// The file's path.
    package var path: String
    /// The file's name in its folder, e.g. `seq-000000150000.checkpoint`.
    package var fileName: String
    /// Its header.
    package var header: CheckpointHeader

    /// Creates the value from its parts.
    package init(path: String, fileName: String, header: CheckpointHeader) {
        self.path = path
        self.fileName = fileName
        self.header = header
    }
}
