import Events

/// Why a command was rejected: the rule it broke, what was wrong and what would be
/// accepted. A rejected command appends nothing.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule broken. A struct with static members so that later features can add
    /// their own without breaking anyone's `switch` (keep a `default:`).
    public struct Rule: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A nightly action names a night more than 2 days from its instant (docs/rules.md §8.4).
        public static let nightOutOfRange = Rule(rawValue: "nightOutOfRange")
        /// The demo night is named where only a real night is allowed.
        public static let demoNightNotAllowed = Rule(rawValue: "demoNightNotAllowed")
        /// An app name is empty.
        public static let emptyAppName = Rule(rawValue: "emptyAppName")

        // MARK: Goals (docs/rules.md §1.1 and §11; the checks are `GoalRules.violation(of:)`)

        /// A goal's `days` lies outside 3…30.
        public static let daysOutOfRange = Rule(rawValue: "daysOutOfRange")
        /// A goal's target is not earlier than its current bedtime (the short way round the clock).
        public static let targetNotEarlier = Rule(rawValue: "targetNotEarlier")
        /// A goal's shift lies outside 15…360 minutes earlier.
        public static let shiftOutOfRange = Rule(rawValue: "shiftOutOfRange")
        /// A goal would step more than 60 minutes a night; the message names the fewest nights that work.
        public static let stepTooLarge = Rule(rawValue: "stepTooLarge")
        /// `sleepNeedMinutes` lies outside 300…720.
        public static let sleepNeedOutOfRange = Rule(rawValue: "sleepNeedOutOfRange")
        /// A goal's `firstNight` lies before tonight (a goal never re-plans a past night).
        public static let firstNightBeforeTonight = Rule(rawValue: "firstNightBeforeTonight")
        /// `goalCleared` with no goal in force.
        public static let noGoalInForce = Rule(rawValue: "noGoalInForce")

        // MARK: Nights

        /// A nightly action names a real night that has no plan.
        public static let nightNotPlanned = Rule(rawValue: "nightNotPlanned")
        /// A nightly action that only makes sense before a night ends names a night whose
        /// wake time has passed.
        public static let nightOver = Rule(rawValue: "nightOver")
        /// "Start wind-down now" for a night whose wind-down has already started.
        public static let windDownAlreadyStarted = Rule(rawValue: "windDownAlreadyStarted")
        /// "Start wind-down now" for a night after tonight.
        public static let notTonight = Rule(rawValue: "notTonight")

        // MARK: Checklist and reminders (docs/rules.md §2.2)

        /// An item id that is not one of the nine checklist items.
        public static let unknownChecklistItem = Rule(rawValue: "unknownChecklistItem")
        /// A template id that is not one of the eleven reminders.
        public static let unknownReminder = Rule(rawValue: "unknownReminder")

        // MARK: Reminders that became habits (docs/rules.md §9)

        /// Retiring a reminder that is already retired.
        public static let reminderAlreadyRetired = Rule(rawValue: "reminderAlreadyRetired")
        /// Restoring a reminder that is not retired.
        public static let reminderNotRetired = Rule(rawValue: "reminderNotRetired")

        // MARK: Demo (docs/rules.md §4)

        /// The demo night is named before any demo night started.
        public static let noDemoNight = Rule(rawValue: "noDemoNight")
        /// A demo compression outside 1…3600.
        public static let compressionOutOfRange = Rule(rawValue: "compressionOutOfRange")

        // MARK: Mindful exit (docs/rules.md §3; the reasons of `ExitHistory.rejection(of:on:window:at:)`)

        /// An exit requested outside the night's exit window: before its (effective)
        /// wind-down start, or once the shields lift at wake time.
        public static let outsideExitWindow = Rule(rawValue: "outsideExitWindow")
        /// An exit requested while the night's latest exit still waits for "never mind" or
        /// "continue anyway".
        public static let exitAlreadyWaiting = Rule(rawValue: "exitAlreadyWaiting")
        /// An exit requested while the night's free window is open.
        public static let freeWindowOpen = Rule(rawValue: "freeWindowOpen")
        /// "Never mind" or "continue anyway" when no exit of the night is waiting.
        public static let noExitWaiting = Rule(rawValue: "noExitWaiting")
        /// "Continue anyway" before the mindful wait has fully elapsed; the error carries
        /// `secondsRemaining`.
        public static let waitNotOver = Rule(rawValue: "waitNotOver")
        /// "I'm back" when no free window of the night is open.
        public static let noFreeWindowOpen = Rule(rawValue: "noFreeWindowOpen")

        // MARK: Sleep data (docs/rules.md §5 and the ranges of §8.4; a rejected sample rejects its whole batch)

        /// A sample id that is empty or only white space.
        public static let blankSampleId = Rule(rawValue: "blankSampleId")
        /// The same sample id twice in one batch.
        public static let duplicateSampleId = Rule(rawValue: "duplicateSampleId")
        /// A sample, or a manual sleep, that does not end after it starts (zero length included).
        public static let endNotAfterStart = Rule(rawValue: "endNotAfterStart")
        /// A sample, or a manual sleep, that lasts more than 24 h.
        public static let durationTooLong = Rule(rawValue: "durationTooLong")
        /// A sample that ends more than 1 day after the command's instant.
        public static let endsTooLate = Rule(rawValue: "endsTooLate")
        /// A sample's zone (`tz`) that does not have the form of a zone name
        /// (`ZoneName.isPlausible(_:)`); one the platform does not know is accepted.
        public static let unknownTimeZone = Rule(rawValue: "unknownTimeZone")
        /// A vital reading that is not a finite number.
        public static let valueNotFinite = Rule(rawValue: "valueNotFinite")
        /// A vital reading in another unit than the one its kind is recorded in (`VitalRange`).
        public static let unexpectedUnit = Rule(rawValue: "unexpectedUnit")
        /// A vital reading outside its kind's plausible range (`VitalRange`).
        public static let vitalOutOfRange = Rule(rawValue: "vitalOutOfRange")
        /// Given event ids that are not one per sample, or one that is empty, longer than
        /// 128 UTF-8 bytes, or repeated in the batch.
        public static let invalidEventIdentifiers = Rule(rawValue: "invalidEventIdentifiers")
        /// A caffeine sample that is not more than 0 and at most 1000 mg
        /// (`HealthSamples.rejection(of:at:)`).
        public static let caffeineOutOfRange = Rule(rawValue: "caffeineOutOfRange")
        /// A caffeine sample that starts more than 1 day after the command's instant.
        public static let startsTooLate = Rule(rawValue: "startsTooLate")
        /// A workout whose activity is empty or only white space.
        public static let blankActivity = Rule(rawValue: "blankActivity")
        /// A workout whose `kilocalories` is negative.
        public static let energyOutOfRange = Rule(rawValue: "energyOutOfRange")
        /// A manual sleep whose bedtime does not fall in its night's noon-to-noon window.
        public static let bedtimeOutsideNight = Rule(rawValue: "bedtimeOutsideNight")
        /// A manual sleep whose wake time is after now.
        public static let wakeTimeInFuture = Rule(rawValue: "wakeTimeInFuture")
        /// A share received that is not exactly a night or a week share (docs/rules.md §13):
        /// the message names the key and what is wrong.
        public static let invalidShare = Rule(rawValue: "invalidShare")
    }

    /// The rule broken.
    public var rule: Rule
    /// What is wrong, and what would be accepted.
    public var message: String
    /// For `.waitNotOver`: the whole seconds left of the mindful wait, rounded up (so a
    /// front end can count down); `nil` for every other rule.
    public var secondsRemaining: Int?
    /// For a batch of samples (or sample ids) rejected because of one of them: that one's
    /// index in the array the command was given (0-based), so a front end can find it;
    /// `nil` otherwise.
    public var sampleIndex: Int?

    /// Creates the value from its parts.
    public init(rule: Rule, message: String, secondsRemaining: Int? = nil, sampleIndex: Int? = nil) {
        self.rule = rule
        self.message = message
        self.secondsRemaining = secondsRemaining
        self.sampleIndex = sampleIndex
    }

    public var description: String { "\(rule): \(message); nothing was appended" }
}
