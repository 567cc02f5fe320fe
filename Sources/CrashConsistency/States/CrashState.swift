/// The files and folders a crash left, under one persistence model: what a device finds
/// when it starts again.
package struct CrashState: Sendable, Hashable {
    /// Each file's bytes, by path.
    package var files: [String: [UInt8]]
    /// The folders (besides the root), by path.
    package var folders: Set<String>
    /// How this state differs from "everything written": for messages.
    package var variant: String
}
