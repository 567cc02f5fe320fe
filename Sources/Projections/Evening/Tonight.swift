import Events

/// The night whose window holds an instant, as a front end renders it (docs/json-view.md
/// `tonight`).
public struct Tonight: Sendable, Hashable {
    /// Where the evening stands.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        case beforeWindDown, windDown, exitWaiting, freeWindow, night, morning
    }

    /// The night (`demo` for a demo night).
    public var night: Night
    /// Its plan (for a demo night, the compressed plan).
    public var plan: NightPlan
    /// The phase.
    public var phase: Phase
    /// Minutes to bedtime, rounded half up; 0 after bedtime.
    public var minutesToBed: Int
    /// The ring's progress, 0…1.
    public var progress: Double
    /// The ring's colour.
    public var ring: RingColour
    /// The nine checklist items and their states.
    public var checklist: [ChecklistItemState]
    /// The apps blocked now, in shutdown order (none during a free window).
    public var blockedApps: [BlockedApp]
    /// The exit state, `nil` when no exit is waiting and no free window is open.
    public var exit: TonightExit?
    /// The soonest notification strictly after now, over the next 7 nights.
    public var nextNotification: PendingNotification?

    /// Creates the value from its parts.
    public init(night: Night, plan: NightPlan, phase: Phase, minutesToBed: Int, progress: Double, ring: RingColour, checklist: [ChecklistItemState], blockedApps: [BlockedApp], exit: TonightExit?, nextNotification: PendingNotification?) {
        self.night = night
        self.plan = plan
        self.phase = phase
        self.minutesToBed = minutesToBed
        self.progress = progress
        self.ring = ring
        self.checklist = checklist
        self.blockedApps = blockedApps
        self.exit = exit
        self.nextNotification = nextNotification
    }
}
