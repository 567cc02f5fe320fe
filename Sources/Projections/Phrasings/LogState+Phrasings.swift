import Events

extension LogState {
    /// Each of the eleven reminders' phrasing tests as of `asOf`, in the order of
    /// ``ReminderTemplate/all`` (docs/rules.md §14; ask the state folded as of `asOf`).
    public func phrasingTests(at asOf: Instant) -> [PhrasingTest] {
        phrasingRun(at: asOf).map(\.test)
    }

    /// The phrasing a notification of `template` for `night` shows, as of `now`: the chosen one
    /// once the reminder's test has settled at or before `now`, else the night's weekly one
    /// (docs/rules.md §14). A demo night shows the phrasing of the real night whose span holds
    /// its start. `nil` for a template that is not one of the eleven.
    public func phrasing(of template: String, on night: Night, at now: Instant) -> Int? {
        guard let index = ReminderTemplate.all.firstIndex(where: { $0.id == template }) else { return nil }
        let run = phrasingRun(at: now, only: index, untilSettled: true)[0]
        return ReminderPhrasing(templateIndex: index, chosen: run.test.chosen).variant(on: night, in: self)
    }

    /// Every reminder's ``phrasing(of:on:at:)`` rule as of `now`, the history read once: for
    /// a list of notifications.
    package func phrasings(at now: Instant) -> [ReminderPhrasing] {
        phrasingRun(at: now, untilSettled: true).map { ReminderPhrasing(templateIndex: $0.templateIndex, chosen: $0.test.chosen) }
    }

    /// The real night whose phrasing `night` shows: itself, or for the demo night the night
    /// whose span holds the demo's start (in the start's zone); `nil` for the demo night before
    /// any demo started.
    func realNight(showing night: Night) -> LocalDate? {
        switch night {
        case .date(let date): return date
        case .demo: return demoNights.latest?.start.at.nightDate
        }
    }

    /// The tests, night by night from the first planned night up to the night after `asOf`'s:
    /// each night's reminders that fired at or before `asOf` while pending count as shown with
    /// the phrasing the night showed. A night's reminders fire after the previous night's (a
    /// plan's bedtime moves by less than a day from one night to the next), so night order is
    /// fire-time order, and the test settles at the first night whose reminder brings every
    /// phrasing to ``ReminderTemplate/phrasingTestNights`` shown nights.
    /// `only` limits the work to one reminder (the result then holds its run alone);
    /// `untilSettled` stops at the first night by which every test asked for has settled, for
    /// the callers that need only the chosen phrasing (its counts are then partial).
    private func phrasingRun(at asOf: Instant, only: Int? = nil, untilSettled: Bool = false) -> [PhrasingRun] {
        let places = only.map { [$0] } ?? Array(ReminderTemplate.all.indices)
        var runs = places.map { PhrasingRun(templateIndex: $0, template: ReminderTemplate.all[$0].id) }
        let moment = asOf.millisecondsSince1970
        // What each night reads of the reminders, looked up once rather than every night.
        let reminders = places.map { PhrasingReminder(ReminderTemplate.all[$0]) }
        if let first = nightPlans.firstPlannedNight {
            let last = nightPlans.night(holding: asOf).adding(days: 1)
            var night = first
            while night <= last {
                if untilSettled, runs.allSatisfy({ $0.test.chosen != nil }) { break }
                defer { night = night.adding(days: 1) }
                guard let plan = nightPlans.planWithoutRevisions(for: night) else { continue }
                // The night's checklist changes, read once for its nine reminders.
                let changes = checklists.changes(on: night)
                for index in reminders.indices {
                    let fireAt = reminders[index].fireTime(plan: plan)
                    guard fireAt.millisecondsSince1970 <= moment,
                          isPending(reminders[index].checklistPosition, plan: plan, firingAt: fireAt, changes: changes)
                    else { continue }
                    runs[index].show(night: night, firingAt: fireAt, in: self)
                }
            }
        }
        if !untilSettled {
            for index in runs.indices { runs[index].countEngaged(at: asOf, in: self) }
        }
        return runs
    }

    /// Whether the reminder at `checklistPosition` of the checklist (`nil` for the reminders
    /// that are not checklist items) was pending when it fired at `fireAt` on the night
    /// planned as `plan` (docs/rules.md §8, Tonight): not retired for the night, and its item
    /// not done strictly before the fire time (`changes`: the night's checklist changes, in
    /// fold order).
    func isPending(_ checklistPosition: Int?, plan: NightPlan, firingAt fireAt: Instant, changes: [ChecklistCompletions.Change]) -> Bool {
        guard let position = checklistPosition else { return true }
        if reminderHabits.isRetired(checklistPosition: position, forWindDownStartingAt: plan.windDownStart) { return false }
        let fire = fireAt.millisecondsSince1970
        let latest = changes.last { $0.position == position && $0.moment < fire }
        return !(latest?.completed ?? false)
    }
}

/// What the phrasing tests read of one reminder on every night: when it fires, and its place
/// in the checklist.
private struct PhrasingReminder {
    /// Milliseconds from bedtime to the fire time (negative: before); `nil` for the reminder
    /// at the wake time.
    let offsetFromBedtime: Int64?
    /// Its place in ``ReminderTemplate/checklist``; `nil` for the reminders that are not
    /// checklist items.
    let checklistPosition: Int?

    init(_ template: ReminderTemplate) {
        switch template.anchor {
        case .beforeBedtime(let minutes): offsetFromBedtime = -Int64(minutes) * 60_000
        case .wakeTime: offsetFromBedtime = nil
        }
        checklistPosition = template.isChecklistItem ? ChecklistCompletions.position(ofItem: template.id) : nil
    }

    /// When it fires on the night planned as `plan`: its offset from bedtime, or the wake
    /// time.
    func fireTime(plan: NightPlan) -> Instant {
        offsetFromBedtime.map { plan.bedtimeAt.adding(milliseconds: $0) } ?? plan.wakeTime
    }
}

/// One reminder's phrasing rule as of an instant: the chosen phrasing, or the weekly one.
package struct ReminderPhrasing: Sendable, Hashable {
    /// The reminder's place in ``ReminderTemplate/all``.
    package var templateIndex: Int
    /// The phrasing its settled test chose; `nil` while testing.
    package var chosen: Int?

    /// The phrasing `night` shows.
    package func variant(on night: LocalDate) -> Int {
        chosen ?? ReminderTemplate.weeklyVariant(templateIndex: templateIndex, night: night)
    }

    /// The phrasing a notification of `night` (real or demo) shows in `state`; 0 for the demo
    /// night before any demo started (it has no notifications).
    package func variant(on night: Night, in state: LogState) -> Int {
        state.realNight(showing: night).map(variant(on:)) ?? chosen ?? 0
    }
}

/// One reminder's test as it is worked out, night by night.
private struct PhrasingRun {
    let templateIndex: Int
    var test: PhrasingTest
    /// The shown nights and the phrasing each showed, in night order.
    var shown: [(night: LocalDate, variant: Int)] = []

    init(templateIndex: Int, template: String) {
        self.templateIndex = templateIndex
        test = PhrasingTest(
            template: template, chosen: nil, settledAt: nil,
            variants: (0..<ReminderTemplate.variantCount).map { PhrasingTest.Variant(variant: $0, shown: 0, engaged: 0) })
    }

    /// Counts `night`, whose reminder fired at `fireAt` while pending, as shown; settles the
    /// test when every phrasing now has enough shown nights.
    mutating func show(night: LocalDate, firingAt fireAt: Instant, in state: LogState) {
        let variant = test.chosen ?? ReminderTemplate.weeklyVariant(templateIndex: templateIndex, night: night)
        shown.append((night, variant))
        test.variants[variant].shown += 1
        guard test.chosen == nil, test.variants.allSatisfy({ $0.shown >= ReminderTemplate.phrasingTestNights }) else { return }
        // Engaged ÷ shown of each phrasing as of this fire time; the highest wins, ties to the
        // lower phrasing (compared as fractions, never as rounded decimals).
        let engaged = engagedCounts(at: fireAt, in: state)
        var best = 0
        for candidate in 1..<ReminderTemplate.variantCount
        where engaged[candidate] * test.variants[best].shown > engaged[best] * test.variants[candidate].shown {
            best = candidate
        }
        test.chosen = best
        test.settledAt = fireAt
    }

    /// The engaged nights of each phrasing among the shown nights, counting engagements at or
    /// before `instant`.
    func engagedCounts(at instant: Instant, in state: LogState) -> [Int] {
        var counts = [Int](repeating: 0, count: ReminderTemplate.variantCount)
        for (night, variant) in shown where state.reminderHabits.engaged(templateIndex: templateIndex, on: night, atOrBefore: instant) {
            counts[variant] += 1
        }
        return counts
    }

    mutating func countEngaged(at asOf: Instant, in state: LogState) {
        let counts = engagedCounts(at: asOf, in: state)
        for variant in counts.indices { test.variants[variant].engaged = counts[variant] }
    }
}
