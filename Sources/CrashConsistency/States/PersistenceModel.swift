/// What a crash keeps of the bytes written after a file's last completed `fsync`; names
/// created, renamed or removed count only once their folder was synced, in both.
package enum PersistenceModel: String, CaseIterable, Sendable, Hashable {
    /// Everything up to the file's last completed `fsync`, plus any prefix of the later
    /// writes (in the order they were made), cut at any byte.
    case prefix
    /// Harsher: after the last `fsync`, each 512-byte sector of the new bytes is dropped
    /// (the file ends before it, or it reads as zeros when a later one was kept), zeroed
    /// or kept, in any combination.
    case sectors

    /// The size of a sector in the ``sectors`` model.
    package static let sectorSize = 512
}
