import Events

/// A range of nights, both ends included, either end open: the nights a view keeps
/// (`replay-tool show --from D --to D`, docs/json-view.md) or a trace shows.
///
/// A filter only filters: it never changes what the nights it keeps hold. An empty range
/// (`from` after `to`) keeps no night; the tool refuses one as a usage error before it gets
/// here.
public struct NightFilter: Sendable, Hashable, CustomStringConvertible {
    /// The first night kept; `nil` for no lower limit.
    public var from: LocalDate?
    /// The last night kept; `nil` for no upper limit.
    public var to: LocalDate?

    /// The nights from `from` to `to`, both included (`nil`: no limit on that side).
    public init(from: LocalDate? = nil, to: LocalDate? = nil) {
        self.from = from
        self.to = to
    }

    /// Every night.
    public static let all = NightFilter()

    /// Whether `night` is kept.
    public func contains(_ night: LocalDate) -> Bool {
        (from.map { night >= $0 } ?? true) && (to.map { night <= $0 } ?? true)
    }

    /// Whether every night is kept.
    public var isAll: Bool { from == nil && to == nil }

    /// The nights of `first...last` that are kept, as a range (`nil` when none is).
    public func clamped(first: LocalDate, last: LocalDate) -> ClosedRange<LocalDate>? {
        let lower = max(first, from ?? first)
        let upper = min(last, to ?? last)
        return lower <= upper ? lower...upper : nil
    }

    /// `every night`, `night 2026-11-18`, `nights 2026-11-19 to 2026-11-20`, …
    public var description: String {
        switch (from, to) {
        case (nil, nil): return "every night"
        case (let from?, let to?) where from == to: return "night \(from.iso)"
        case (let from?, let to?): return "nights \(from.iso) to \(to.iso)"
        case (let from?, nil): return "nights from \(from.iso)"
        case (nil, let to?): return "nights up to \(to.iso)"
        }
    }
}
