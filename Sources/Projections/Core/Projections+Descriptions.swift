import Events

// Readable descriptions of what a front end shows while it is being built (`"\(tonight)"`,
// `"\(snapshot.warnings)"`): one line a value, the figures docs/json-view.md names, instead of
// a dump of stored properties. They are for people reading a console, not a format to parse:
// the JSON view is the contract.

extension ProjectionWarnings: CustomStringConvertible {
    /// "no warnings", or one warning a line ("seq 12: skipped: …").
    public var description: String {
        all.isEmpty ? "no warnings" : all.map(\.description).joined(separator: "\n")
    }
}

extension TonightExit: CustomStringConvertible {
    /// "attempt 2, waiting 120 s" or "attempt 1, free window 540 s left" (the prompt's words
    /// are a message: `TonightExit.prompt` in Summaries).
    public var description: String {
        if let wait = waitRemainingSeconds { return "attempt \(attempt), waiting \(wait) s" }
        return "attempt \(attempt), free window \(freeWindowRemainingSeconds ?? 0) s left"
    }
}

extension Tonight: CustomStringConvertible {
    /// "night 2026-11-30 windDown, bed 23:45 in 95 min, ring yellow 60%, 3 of 9 done, 2 apps blocked, next screens_off at …".
    public var description: String {
        let done = checklist.filter { $0.state == .done }.count
        var text = "night \(night) \(phase.rawValue), bed \(plan.bedtime) in \(minutesToBed) min, ring \(ring.rawValue) \(Int((progress * 100).rounded()))%"
        text += ", \(done) of \(checklist.count) done, \(blockedApps.count) app\(blockedApps.count == 1 ? "" : "s") blocked"
        if let exit { text += ", exit \(exit)" }
        if let next = nextNotification { text += ", next \(next.template) at \(next.fireAt)" }
        return text
    }
}

extension NightPlan: CustomStringConvertible {
    /// "2026-11-30: bed 23:45 Europe/Berlin (2026-11-30T23:45:00+01:00), wind-down …, wake …, 1 revision"
    /// (the count left out for a plan asked without its revisions).
    public var description: String {
        let listed = revisions.isEmpty ? "" : ", \(revisions.count) revision\(revisions.count == 1 ? "" : "s")"
        return "\(night): bed \(bedtime) \(timeZone) (\(bedtimeAt)), wind-down \(windDownStart), wake \(wakeTime)\(listed)"
    }
}

extension PlanRevision: CustomStringConvertible {
    /// "seq 3 goalSet: bedtime 23:45 → 23:00".
    public var description: String {
        "\(cause.place) \(cause.typeName): \(standsForEarlierPlan ? "the bedtime before the night's week, set here: \(values.bedtime)" : changeDescription)"
    }
}

extension SleepDebt: CustomStringConvertible {
    /// "7 nights 140 min (6 with data), 14 nights 95 min (12), weighted 120 min, recovery in 4 nights".
    public var description: String {
        func minutes(_ value: Double) -> String { "\(Int((value + 0.5).rounded(.down))) min" }
        let recovery: String
        switch recoveryNights {
        case 0: recovery = "nothing to recover"
        case let nights?: recovery = "recovery in \(nights) night\(nights == 1 ? "" : "s")"
        case nil: recovery = "not recovering at this rate"
        }
        return "7 nights \(minutes(last7Minutes)) (\(nightsWithData7) with data), 14 nights \(minutes(last14Minutes)) (\(nightsWithData14)), weighted \(minutes(weighted14Minutes)), \(recovery)"
    }
}

extension SleepStreaks: CustomStringConvertible {
    /// "current 3, best 5".
    public var description: String { "current \(current), best \(best)" }
}

extension ChecklistItemState: CustomStringConvertible {
    /// "stop_eating active at 2026-11-30T20:45:00+01:00".
    public var description: String { "\(item) \(state.rawValue) at \(time)" }
}

extension BlockedApp: CustomStringConvertible {
    /// "Instagram (blockFirst) at 2026-11-30T19:45:00+01:00".
    public var description: String { "\(app) (\(tier.rawValue)) at \(blockedAt)" }
}

extension PendingNotification: CustomStringConvertible {
    /// "screens_off at 2026-11-30T22:45:00+01:00, haptic click".
    public var description: String { "\(template) at \(fireAt), haptic \(haptic.rawValue)" }
}
