/// The chances and ranges that shape one simulated night: what the person does in the
/// evening, how they sleep, and what reaches the log in the morning. Times are minutes.
struct NightBehaviour: Sendable, Hashable {
    /// The chance of "start wind-down now" before the planned wind-down.
    var earlyStart: Double
    /// The chance that each checklist item gets done.
    var checklistItem: Double
    /// The chance of opening a reminder's science ("why") before doing the item.
    var why: Double
    /// The chance of dismissing the reminder of an item left undone.
    var dismiss: Double
    /// The chance of reopening a done item (and often doing it again).
    var reopen: Double
    /// The weights of 0, 1, 2, 3, 4 and 5 exits requested in a night.
    var exitWeights: [Double]
    /// The chance that an exit is cancelled ("never mind") rather than confirmed.
    var cancel: Double
    /// The chance that a confirmed exit ends early ("I'm back") rather than running out.
    var returnEarly: Double
    /// In bed this many minutes after the planned bedtime (negative: before).
    var lateness: ClosedRange<Int>
    /// Minutes from lying down to sleep onset.
    var latency: ClosedRange<Int>
    /// The chance of logging "I'm going to bed", and of the morning check-in.
    var wentToBed: Double
    var wokeUp: Double
    /// The chance of answering the sunlight reminder in the morning.
    var sunlight: Double
    /// The chance that the night has no samples (the watch left on its charger).
    var missing: Double
    /// The chance of a short awakening (1–5 min) after each sleep cycle but the last, and
    /// that one of them is a long one (8–20 min).
    var awakening: Double
    var longAwakening: Double
    /// The chance that the phone also records the night, and that vitals are delivered.
    var phone: Double
    var vitals: Double
    /// Minutes of sleeping in past the wake time on a weekend morning.
    var weekendSleepIn: ClosedRange<Int>
    /// Minutes later to bed on a free night (Friday and Saturday nights): a later rhythm at
    /// weekends, which the coach's body clock shows (docs/rules.md §9).
    var freeNightLater: ClosedRange<Int>
    /// How a checklist habit forms: the chance that an item done is done before its reminder
    /// grows by `habitPerWeek` each week from the first night, up to `habitCeiling`.
    var habitPerWeek: Double
    var habitCeiling: Double
    /// Every this many nights, the last 16 are short (under 6 hours in bed asleep): a stretch
    /// the coach's two-weeks-short note describes. `nil`: never.
    var shortStretchEvery: Int?

    /// The nights of a short stretch.
    static let shortStretchNights = 16

    static let steady = NightBehaviour(
        earlyStart: 0.15, checklistItem: 0.85, why: 0.12, dismiss: 0.5, reopen: 0.05,
        exitWeights: [0.80, 0.16, 0.04, 0, 0, 0], cancel: 0.6, returnEarly: 0.6,
        lateness: -15...15, latency: 4...18, wentToBed: 0.7, wokeUp: 0.5, sunlight: 0.5,
        missing: 0.04, awakening: 0.25, longAwakening: 0.02, phone: 0.2, vitals: 0.7,
        weekendSleepIn: 0...40, freeNightLater: 0...30, habitPerWeek: 0.06, habitCeiling: 0.8, shortStretchEvery: nil
    )

    static let struggling = NightBehaviour(
        earlyStart: 0.02, checklistItem: 0.3, why: 0.05, dismiss: 0.7, reopen: 0.1,
        exitWeights: [0.20, 0.25, 0.25, 0.15, 0.10, 0.05], cancel: 0.25, returnEarly: 0.2,
        lateness: 20...120, latency: 10...45, wentToBed: 0.3, wokeUp: 0.3, sunlight: 0.2,
        missing: 0.12, awakening: 0.5, longAwakening: 0.15, phone: 0.3, vitals: 0.5,
        weekendSleepIn: 20...90, freeNightLater: 30...100, habitPerWeek: 0.01, habitCeiling: 0.2, shortStretchEvery: 120
    )

    static let mixedGood = NightBehaviour(
        earlyStart: 0.1, checklistItem: 0.7, why: 0.1, dismiss: 0.5, reopen: 0.06,
        exitWeights: [0.65, 0.25, 0.08, 0.02, 0, 0], cancel: 0.5, returnEarly: 0.5,
        lateness: -10...25, latency: 5...22, wentToBed: 0.6, wokeUp: 0.45, sunlight: 0.4,
        missing: 0.06, awakening: 0.3, longAwakening: 0.04, phone: 0.25, vitals: 0.65,
        weekendSleepIn: 0...60, freeNightLater: 15...60, habitPerWeek: 0.04, habitCeiling: 0.6, shortStretchEvery: nil
    )

    static let mixedRough = NightBehaviour(
        earlyStart: 0.03, checklistItem: 0.4, why: 0.06, dismiss: 0.65, reopen: 0.08,
        exitWeights: [0.30, 0.30, 0.22, 0.12, 0.06, 0], cancel: 0.3, returnEarly: 0.3,
        lateness: 10...90, latency: 8...35, wentToBed: 0.4, wokeUp: 0.35, sunlight: 0.25,
        missing: 0.1, awakening: 0.45, longAwakening: 0.1, phone: 0.3, vitals: 0.55,
        weekendSleepIn: 15...80, freeNightLater: 20...75, habitPerWeek: 0.02, habitCeiling: 0.4, shortStretchEvery: nil
    )
}

extension NightBehaviour {
    /// Whether night `index` (0-based) is in a short stretch.
    func isShortNight(_ index: Int) -> Bool {
        guard let every = shortStretchEvery, every > Self.shortStretchNights else { return false }
        return index % every >= every - Self.shortStretchNights
    }

    /// The chance that a checklist item done on night `index` is done before its reminder.
    func habit(onNight index: Int) -> Double {
        min(habitCeiling, habitPerWeek * Double(max(0, index) / 7))
    }
}
