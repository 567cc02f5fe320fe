import Events
import Foundation
import Projections

/// What a Live Activity of the wind-down shows on the lock screen and in the Dynamic Island,
/// as one small `Codable` value (an ActivityKit content state): where the evening stands and
/// the instants a view counts down to itself (`Text(timerInterval:)`), never a figure that
/// must be re-sent each minute. Make it from tonight at each entry of the evening's timeline
/// (`LogState.timeline(from:to:)`) and update the activity then; ``staleAfter`` is when the
/// next entry begins (ActivityKit's `staleDate`).
public struct WindDownActivity: Codable, Sendable, Hashable {
    /// The night, `YYYY-MM-DD`, or `demo`.
    public var night: String
    /// `Tonight.Phase`'s raw value: `beforeWindDown`, `windDown`, `exitWaiting`,
    /// `freeWindow`, `night` or `morning`.
    public var phase: String
    /// The ring's colour (`green`, `yellow`, `orange`, `red`) until ``staleAfter``.
    public var ring: String
    /// The planned wind-down start and bedtime: the ring's progress runs between them.
    public var windDownStart: Date
    public var bedtime: Date
    /// The checklist items done, of how many.
    public var checklistDone: Int
    public var checklistCount: Int
    /// The next notification (a reminder's template id, `block_warning` or
    /// `free_window_ending`) and when it fires.
    public var next: String?
    public var nextAt: Date?
    /// While an exit waits or its free window is open: when that ends (to the second).
    public var exitEndsAt: Date?
    /// When what this shows changes next (the next timeline entry), if anything is scheduled.
    public var staleAfter: Date?

    /// The activity's state from `tonight`, at the instant it was read, whose next change is
    /// `nextChange` (`LogState.nextChange(after:)`).
    public init(tonight: Tonight, at now: Instant, nextChange: Instant?) {
        night = tonight.night.description
        phase = tonight.phase.rawValue
        ring = tonight.ring.rawValue
        windDownStart = tonight.plan.windDownStart.date
        bedtime = tonight.plan.bedtimeAt.date
        checklistDone = tonight.checklist.filter { $0.state == .done }.count
        checklistCount = tonight.checklist.count
        next = tonight.nextNotification.map { notification in
            switch notification.kind {
            case .reminder(let template): template.id
            case .blockWarning: "block_warning"
            case .freeWindowEnding: "free_window_ending"
            }
        }
        nextAt = tonight.nextNotification?.fireAt.date
        // To the second: the remaining seconds are whole, rounded up.
        exitEndsAt = tonight.exit.map { exit in
            let seconds = exit.waitRemainingSeconds ?? exit.freeWindowRemainingSeconds ?? 0
            return now.adding(seconds: Int64(seconds)).date
        }
        staleAfter = nextChange?.date
    }
}
