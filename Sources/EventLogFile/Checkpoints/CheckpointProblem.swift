/// Why a checkpoint file is not used: a warning, never an error (a checkpoint is a cache); the
/// log is folded from an older checkpoint or its start instead.
package enum CheckpointProblem: Error, Sendable, Hashable {
    /// The file could not be opened or read (permissions, I/O, a folder in its place).
    case unreadable(file: String, reason: String)
    /// No magic line, a header cut short or damaged (its digest differs), impossible values.
    case garbled(file: String, reason: String)
    /// A format this version does not read.
    case otherFormat(file: String, formatVersion: UInt32)
    case otherFoldVersion(file: String, foldVersion: UInt32, expected: UInt32)
    /// It covers more bytes than the log now holds (cut or repaired since).
    case beyondLogEnd(file: String, byteOffset: Int64, logLength: Int64)
    /// The log's bytes before its position are not the ones it covered: another log, or an
    /// edited prefix (the tail check sees the last 4 KiB before it, the full check the rest).
    case prefixChanged(file: String, byteOffset: Int64)
    case logUnreadable(file: String, reason: String)
    /// A log set's checkpoint (`logSet`) where a log file's was looked for, or the reverse.
    case otherKind(file: String, logSet: Bool)
    /// A stream it covers is gone, shorter, or does not start with the bytes it covered.
    case streamChanged(file: String, stream: String, reason: String)
    /// Its length or payload digest is not its header's, it changed while read, or it won't decode.
    case corrupt(file: String, reason: String)

    package var file: String {
        switch self {
        case .unreadable(let file, _), .garbled(let file, _), .otherFormat(let file, _),
             .otherFoldVersion(let file, _, _), .beyondLogEnd(let file, _, _), .prefixChanged(let file, _),
             .logUnreadable(let file, _), .corrupt(let file, _), .otherKind(let file, _), .streamChanged(let file, _, _):
            return file
        }
    }

    /// What is wrong, as a phrase without the file.
    package var reason: String {
        switch self {
        case .unreadable(_, let reason):
            return "it could not be read (\(reason))"
        case .garbled(_, let reason):
            return "it is not a readable checkpoint: \(reason)"
        case .otherFormat(_, let formatVersion):
            return "it was written \(formatVersion > CheckpointHeader.currentFormatVersion ? "by a newer" : "by an older") version, in checkpoint format \(formatVersion) (this version reads format \(CheckpointHeader.currentFormatVersion))"
        case .otherFoldVersion(_, let foldVersion, let expected):
            return "it was made by fold version \(foldVersion), not the current \(expected)"
        case .beyondLogEnd(_, let byteOffset, let logLength):
            return "it covers \(byteOffset) bytes but the log now has \(logLength) (the log was cut or repaired since)"
        case .prefixChanged(_, let byteOffset):
            return "the log's first \(byteOffset) bytes are not the ones it covered (another log, or an edited or repaired prefix)"
        case .logUnreadable(_, let reason):
            return "the log could not be read to check it (\(reason))"
        case .corrupt(_, let reason):
            return "it is damaged: \(reason)"
        case .otherKind(_, let logSet):
            return logSet
                ? "it is a log set's checkpoint, not a log file's"
                : "it is a log file's checkpoint, not a log set's"
        case .streamChanged(_, let stream, let reason):
            return "its stream \(stream) \(reason)"
        }
    }

    /// The warning: the file, what was wrong, that it is ignored and what is done instead.
    package var warning: String {
        warning(replaced: false)
    }

    /// The warning, adding "and replaced" when the caller writes a new one in its place.
    package func warning(replaced: Bool) -> String {
        "checkpoint \(file): \(reason) — ignored\(replaced ? " and replaced" : ""); "
            + "the log is folded from an older checkpoint or from its start instead"
    }
}

extension CheckpointProblem: CustomStringConvertible {
    package var description: String { warning }
}
