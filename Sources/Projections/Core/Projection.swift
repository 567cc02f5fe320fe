import Events

/// A projection: state rebuilt by folding events, with queries that take `now`.
///
/// `apply(_:warnings:)` must be pure: no clock, no I/O, no randomness. It sees events in
/// (`at`, `seq`) order (domain.md §8) and skips, with a warning naming the seq, any event
/// that breaks a rule; it never throws, so one poison event cannot halt a rebuild.
/// Opaque events never reach it (the runner counts and skips them).
public protocol Projection: Sendable {
    /// The state before any event.
    init()
    /// Folds one event into the state.
    mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings)
}
