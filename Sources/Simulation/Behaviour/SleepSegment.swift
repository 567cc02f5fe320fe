import Events

/// One stretch of a simulated night as a sample will state it: a stage from `start` to
/// `end`, in milliseconds since 1970 (end after start).
struct SleepSegment: Sendable, Hashable {
    /// The stage.
    var stage: SleepStage
    /// When it starts.
    var start: Int64
    /// When it ends.
    var end: Int64

    /// Its length in milliseconds.
    var length: Int64 { end - start }
}
