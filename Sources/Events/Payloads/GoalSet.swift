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

    public static let fieldNames = ["currentBedtime", "targetBedtime", "days", "firstNight", "sleepNeedMinutes"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        currentBedtime = try data.timeOfDay("currentBedtime")
        targetBedtime = try data.timeOfDay("targetBedtime")
        days = try data.integer("days")
        firstNight = try data.localDate("firstNight")
        sleepNeedMinutes = try data.optionalInteger("sleepNeedMinutes")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("currentBedtime", currentBedtime.text)
        data.string("targetBedtime", targetBedtime.text)
        data.integer("days", days)
        data.string("firstNight", firstNight.iso)
        data.optionalInteger("sleepNeedMinutes", sleepNeedMinutes)
    }
}
