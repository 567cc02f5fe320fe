import Events

/// The clock a ``MoreSleepModel`` reads and waits on: ``live`` in an app, a ``ManualClock`` in
/// previews and tests.
public protocol ModelClock: Sendable {
    /// The current instant.
    func now() -> Instant
    /// Returns once `now()` has reached `instant` (at once when it has), or throws
    /// `CancellationError` when the task is cancelled first.
    func sleep(until instant: Instant) async throws
}

extension ModelClock where Self == LiveModelClock {
    /// The system's clock.
    public static var live: LiveModelClock { LiveModelClock() }
}

/// The system's clock (`Instant.now` in the device's offset), sleeping with `Task.sleep`.
public struct LiveModelClock: ModelClock {
    public init() {}

    public func now() -> Instant {
        Instant.now
    }

    public func sleep(until instant: Instant) async throws {
        let left = instant.millisecondsSince1970 - now().millisecondsSince1970
        if left > 0 { try await Task.sleep(for: .milliseconds(left)) }
    }
}

/// A clock moved by hand (``advance(to:)``): previews and tests drive a model's evening with
/// it, minute by minute or change by change, without waiting.
public final class ManualClock: ModelClock {
    private struct Sleeper {
        var until: Int64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [Int: Sleeper] = [:]
        var nextKey = 0
    }

    private let state: Locked<State>

    /// A clock that reads `start` until it is advanced.
    public init(start: Instant) {
        state = Locked(State(now: start))
    }

    public func now() -> Instant {
        state.withLock { $0.now }
    }

    /// Moves the clock to `instant` (never back) and wakes every sleeper it reaches.
    public func advance(to instant: Instant) {
        let woken: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            if instant.millisecondsSince1970 > state.now.millisecondsSince1970 { state.now = instant }
            let due = state.sleepers.filter { $0.value.until <= state.now.millisecondsSince1970 }
            for key in due.keys { state.sleepers[key] = nil }
            return due.values.map(\.continuation)
        }
        woken.forEach { $0.resume() }
    }

    public func sleep(until instant: Instant) async throws {
        let key = state.withLock { state -> Int in
            state.nextKey += 1
            return state.nextKey
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if instant.millisecondsSince1970 <= state.now.millisecondsSince1970 { return true }
                    state.sleepers[key] = Sleeper(until: instant.millisecondsSince1970, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.sleepers.removeValue(forKey: key) }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
