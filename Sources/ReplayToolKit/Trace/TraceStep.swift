import Events
import Projections

/// One step of a trace: the events the figure is compared across, before the first and
/// after the last. An event is a step of its own, except:
///
/// - **A batch**: consecutive events (in ('at', seq) order) of one append, carrying the same
///   `batch` marker (the same first seq and count), are one step.
/// - **A HealthKit delivery**: consecutive events without a batch marker, each a
///   `sleepSampleIngested`, `sleepSampleDeleted` or `vitalSampleIngested`, with the same
///   `source` and `tz`, each at most 15 minutes after the one before it, and whose samples
///   start in the same night (the noon-to-noon night holding the sample's `start`, read in
///   the offset `start` was written with; a deletion names no night and joins the delivery
///   it follows) are one step: the samples of one night arriving together.
///
/// So a night's samples never show the figure half-delivered.
struct TraceStep {
    /// The events applied, in ('at', seq) order (at least one).
    var events: [RecordedEvent]

    /// The longest gap between two events of one delivery.
    static let deliveryGapMilliseconds: Int64 = 15 * 60_000

    var first: RecordedEvent { events[0] }
    var last: RecordedEvent { events[events.count - 1] }

    /// Whether `next` joins the step whose last event is `previous` (of a delivery whose
    /// night is `night`, if one is known yet).
    static func joins(_ next: RecordedEvent, after previous: RecordedEvent, deliveryNight night: Int?) -> Bool {
        // A step is a run of one stream's lines, so its seqs name it.
        guard previous.stream == next.stream else { return false }
        switch (previous.batch, next.batch) {
        case (let before?, let after?):
            return previous.seq - before.index == next.seq - after.index && before.count == after.count
        case (nil, nil):
            break
        default:
            return false
        }
        guard isDeliveryEvent(previous), isDeliveryEvent(next), previous.event.source == next.event.source,
              previous.event.timeZone == next.event.timeZone else { return false }
        let gap = next.at.millisecondsSince1970 - previous.at.millisecondsSince1970
        guard gap >= 0, gap <= deliveryGapMilliseconds else { return false }
        guard let night, let own = deliveryNight(of: next) else { return true }
        return own == night
    }

    /// Whether `event` is a HealthKit sample event.
    static func isDeliveryEvent(_ event: RecordedEvent) -> Bool {
        switch event.payload {
        case .sleepSampleIngested, .sleepSampleDeleted, .vitalSampleIngested: return true
        default: return false
        }
    }

    /// The night a delivery event's sample starts in, as days since 1970: the noon-to-noon
    /// night holding `start` in the offset it was written with (`nil` for a deletion).
    static func deliveryNight(of event: RecordedEvent) -> Int? {
        switch event.payload {
        case .sleepSampleIngested(let sample): return sample.start.nightDate.daysSince1970
        case .vitalSampleIngested(let vital): return vital.start.nightDate.daysSince1970
        default: return nil
        }
    }

    /// The day (since 1970) of `milliseconds` since 1970, rounded down.
    static func floorDays(_ milliseconds: Int64) -> Int64 {
        LocalDate.floorDivision(milliseconds, 86_400_000)
    }

    /// The nights a sample starting at `start` may belong to, whatever its zone (an offset
    /// is within ±26 h): from two nights before the UTC date of `start` to the night after.
    static func possibleNights(ofSampleStart start: Instant) -> ClosedRange<Int> {
        let day = Int(floorDays(start.millisecondsSince1970))
        return (day - 2)...(day + 1)
    }

    // MARK: The line

    /// The start of the step's line, up to the figure's old → new: ``title``, then ` — `
    /// and the nights it touched (`touched 2026-11-16: `).
    func line(nights: [LocalDate]) -> String {
        TraceCommand.lineStart(title, nights: nights)
    }

    /// The step in words: the event's own for a step of one event (`seq 138: wentToBed
    /// (night 2026-11-23) at … from phone`), else `seq 27–45 (21 events delivered together:
    /// 19 sleepSampleIngested, 2 vitalSampleIngested) at … to … from health`. In a log set
    /// the stream comes with the seqs (`watch:27–45`, `EventPlace`): a step is one stream's
    /// run of lines.
    var title: String {
        guard events.count > 1 else { return TraceCommand.eventTitle(first) }
        var counts: [(type: String, count: Int)] = []
        for event in events {
            if let index = counts.firstIndex(where: { $0.type == event.typeName }) {
                counts[index].count += 1
            } else {
                counts.append((event.typeName, 1))
            }
        }
        let types = counts.map { "\($0.count) \($0.type)" }.joined(separator: ", ")
        var line = EventPlace.name(seqs: first.seq...last.seq, stream: first.stream) + " ("
        if let batch = first.batch {
            line += batch.count == events.count ? "a batch of \(events.count) events: " : "\(events.count) events of a batch of \(batch.count): "
        } else {
            line += "\(events.count) events delivered together: "
        }
        line += types + ")"
        let named = Set(events.compactMap { $0.payload.night?.text })
        if named.count == 1, events.allSatisfy({ $0.payload.night != nil }), let night = named.first {
            line += " (night \(night))"
        }
        line += " at \(first.at.rfc3339)"
        if last.at != first.at { line += " to \(last.at.rfc3339)" }
        var sources: [String] = []
        for source in events.compactMap({ $0.event.source?.rawValue }) where !sources.contains(source) {
            sources.append(source)
        }
        if !sources.isEmpty { line += " from " + sources.joined(separator: ", ") }
        return line
    }
}

/// What a step may touch, worked out before it is folded (so a figure can take its values
/// before): a superset of the nights whose part in a figure it can change.
struct StepReach {
    /// Nights whose sleep record the step may change: the nights its samples may start in
    /// (`TraceStep.possibleNights`), the nights of the samples it re-delivers or deletes,
    /// the nights of its manual logs.
    var sleepNights: Set<Int> = []
    /// Nights it names otherwise: `wentToBed`, overrides, early starts.
    var namedNights: Set<Int> = []
    /// When it may change plans (a goal, a clear, an override, an early start, another
    /// zone): every night from this one on (`NightPlans.firstNightChangeable`), or every
    /// night when `nil` with `changesPlans`.
    var plansFrom: Int?
    /// Whether it may change plans or the sleep need of unplanned nights.
    var changesPlans = false
    /// The UTC day of the step's last instant (the night asOf moves to is within a day or
    /// two of it).
    var lastDay = 0

    /// Every night the step may touch, but for the plans' range.
    var nights: Set<Int> { sleepNights.union(namedNights) }

    /// Whether the step may change the plan of `night` (as days since 1970).
    func mayChangePlan(of night: Int) -> Bool {
        changesPlans && (plansFrom.map { night >= $0 } ?? true)
    }

    /// The reach of `events`, worked out on `state`, folded up to just before them.
    init(_ events: [RecordedEvent], state: LogState) {
        var zone = state.nightPlans.latestTimeZone
        for event in events {
            switch event.payload {
            case .sleepSampleIngested(let sample):
                sleepNights.formUnion(TraceStep.possibleNights(ofSampleStart: sample.start))
                if let held = state.sleep.night(ofSampleId: sample.sampleId) { sleepNights.insert(held.daysSince1970) }
            case .sleepSampleDeleted(let deletion):
                if let held = state.sleep.night(ofSampleId: deletion.sampleId) { sleepNights.insert(held.daysSince1970) }
            case .manualSleepLogged(let manual):
                if case .date(let night) = manual.night { sleepNights.insert(night.daysSince1970) }
            case .wentToBed(let payload):
                if case .date(let night) = payload.night { namedNights.insert(night.daysSince1970) }
            case .bedtimeOverridden, .windDownStartedEarly, .goalSet, .goalCleared:
                if case .date(let night)? = event.payload.night { namedNights.insert(night.daysSince1970) }
                noteChangeOfPlans(at: event.at, state: state)
            default:
                break
            }
            if event.event.timeZone != zone {
                zone = event.event.timeZone
                noteChangeOfPlans(at: event.at, state: state)
            }
        }
        lastDay = Int(TraceStep.floorDays(events[events.count - 1].at.millisecondsSince1970))
    }

    private mutating func noteChangeOfPlans(at instant: Instant, state: LogState) {
        let first = state.nightPlans.firstNightChangeable(byEntryAt: instant)?.daysSince1970
        if changesPlans {
            plansFrom = plansFrom.flatMap { current in first.map { min(current, $0) } }
        } else {
            plansFrom = first
        }
        changesPlans = true
    }
}
