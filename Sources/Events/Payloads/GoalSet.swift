/// `goalSet`: start, or replace, the bedtime goal.
public struct GoalSet: EventPayloadContent {
    /// The bedtime the person has now.
    public var currentBedtime: TimeOfDay
    /// The earlier bedtime they want.
    public var targetBedtime: TimeOfDay
    /// Over how many nights (3–30, checked by the command and by projections).
    public var days: Int
    /// The first night of the ramp.
    public var firstNight: LocalDate
    /// Minutes of sleep needed; `nil` on the wire means the default, 480.
    public var sleepNeedMinutes: Int?

    /// The default sleep need when the goal names none.
    public static let defaultSleepNeedMinutes = 480

    /// Creates the value from its parts.
    public init(currentBedtime: TimeOfDay, targetBedtime: TimeOfDay, days: Int, firstNight: LocalDate, sleepNeedMinutes: Int? = nil) {
        self.currentBedtime = currentBedtime
        self.targetBedtime = targetBedtime
        self.days = days
        self.firstNight = firstNight
        self.sleepNeedMinutes = sleepNeedMinutes
    }

    /// `sleepNeedMinutes`, or 480 when absent.
    public var effectiveSleepNeedMinutes: Int { sleepNeedMinutes ?? Self.defaultSleepNeedMinutes }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: GoalSet { GoalSet(currentBedtime: TimeOfDay(uncheckedMinutesSinceMidnight: 0), targetBedtime: TimeOfDay(uncheckedMinutesSinceMidnight: 0), days: 0, firstNight: LocalDate(uncheckedYear: 1970, month: 1, day: 1)) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.timeOfDay("currentBedtime", &currentBedtime)
        try visitor.timeOfDay("targetBedtime", &targetBedtime)
        try visitor.integer("days", &days)
        try visitor.localDate("firstNight", &firstNight)
        try visitor.optionalInteger("sleepNeedMinutes", &sleepNeedMinutes)
    }
}
