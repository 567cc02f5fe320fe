/// Why checkpoint bytes could not be decoded: decoding throws this, never traps.
package struct CheckpointDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being read (`"SleepLedger.names"`, `"the layout version"`).
    package var what: String
    /// The byte offset, in the payload, where the read started.
    package var offset: Int
    /// What was wrong (`"needs 8 bytes, 3 left"`).
    package var reason: String

    package init(what: String, offset: Int, reason: String) {
        self.what = what
        self.offset = offset
        self.reason = reason
    }

    package var description: String {
        "checkpoint payload: \(what) at byte \(offset): \(reason)"
    }
}
