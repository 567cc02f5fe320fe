import Commands
import Events
import Projections

extension SimulationRun {
    /// What the evening left for the night: when the person lay down, and until when they
    /// were busy with their phone (the last action, or the end of a free window that ran
    /// out).
    struct EveningOutcome: Sendable, Hashable {
        var inBed: Int64
        var busyUntil: Int64
    }

    /// One thing that reaches the log in the morning.
    private enum MorningItem: Sendable, Hashable {
        case wokeUp(EventSource)
        case sunlight(NotificationAction)
        case watchSamples
        case phoneSamples
        case vitals
    }

    // MARK: - The evening

    /// The evening of `night`, read from its plan: maybe an early start, the checklist and
    /// its reminders, "I'm going to bed", and the exits, each step at its moment.
    func evening(of night: LocalDate, index: Int, plan: NightPlan, behaviour: NightBehaviour) throws(SimulationError) -> EveningOutcome {
        let bedtime = plan.bedtimeAt.millisecondsSince1970
        let windDown = plan.windDownStart.millisecondsSince1970
        let wake = plan.wakeTime.millisecondsSince1970
        // Friday and Saturday nights run later.
        let freeNight = night.weekday == 5 || night.weekday == 6
        let inBed = bedtime + random.minutes(behaviour.lateness) + (freeNight ? random.minutes(behaviour.freeNightLater) : 0)
        var agenda = EveningAgenda()
        var opens = windDown
        if random.chance(behaviour.earlyStart) {
            let start = max(windDown - random.minutes(10...60), lastMoment + 60_000)
            if start < windDown - 60_000 {
                agenda.add(.startWindDownEarly, at: start)
                opens = start
            }
        }
        scheduleChecklist(bedtime: bedtime, behaviour: behaviour, habit: behaviour.habit(onNight: index), into: &agenda)
        if random.chance(0.3) {
            let action: NotificationAction = random.chance(0.5) ? .done : .dismissed
            agenda.add(.interact(template: "bedtime", action: action, source: .phone), at: bedtime + random.seconds(5...300))
        }
        if random.chance(behaviour.wentToBed) {
            let source = random.element(of: [EventSource.phone, .phone, .watch, .siri]) ?? .phone
            agenda.add(.wentToBed(source: source), at: inBed + random.seconds(0...120))
        }
        // Exits fall between 20 minutes into the evening and 20 minutes after lying down
        // (or after bedtime, when in bed early); each waits for the one before it to end.
        let exitCount = random.weightedIndex(behaviour.exitWeights)
        let firstExit = opens + 20 * 60_000
        let lastExit = max(inBed, bedtime) + 20 * 60_000
        var exitTimes: [Int64] = []
        for _ in 0..<exitCount {
            exitTimes.append(firstExit + random.seconds(0...Int(max(0, lastExit - firstExit) / 1000)))
        }
        exitTimes.sort()
        if let first = exitTimes.first { agenda.add(.requestExit(number: 0), at: first) }

        let named = Night.date(night)
        var busyUntil = lastMoment
        while let (planned, step) = agenda.next() {
            let moment = max(planned, lastMoment)
            switch step {
            case .startWindDownEarly:
                try emit(StartWindDownEarly(night: named), at: moment, source: random.chance(0.5) ? .watch : .phone)
            case .complete(let item, let source):
                try emit(CompleteChecklistItem(night: named, item: item), at: moment, source: source)
            case .interact(let template, let action, let source):
                try emit(RecordNotificationInteraction(night: named, template: template, action: action), at: moment, source: source)
            case .reopen(let item):
                try emit(ReopenChecklistItem(night: named, item: item), at: moment, source: .phone)
            case .wentToBed(let source):
                try emit(LogBedtime(night: named, moment: .wentToBed), at: moment, source: source)
            case .requestExit(let number):
                // Exits are an evening's; one planned too close to wake time is let go.
                guard moment < wake - 3 * 3_600_000 else { break }
                try emit(RequestExit(night: named), at: moment, source: .phone)
                summary.exitsRequested += 1
                let attempt = runner.state.exits.confirmedCount(on: named) + 1
                let wait = ExitRules.waitSeconds(attempt: attempt)
                if random.chance(behaviour.cancel) {
                    agenda.add(.cancelExit(number: number), at: moment + random.seconds(5...(wait + 30)))
                } else {
                    agenda.add(.confirmExit(number: number), at: moment + Int64(wait) * 1000 + random.seconds(0...100))
                }
            case .cancelExit(let number):
                try emit(CancelExit(night: named), at: moment, source: .phone)
                scheduleExit(after: moment, following: number, times: exitTimes, into: &agenda)
            case .confirmExit(let number):
                let attempt = runner.state.exits.confirmedCount(on: named) + 1
                let window = ExitRules.freeWindowSeconds(attempt: attempt)
                try emit(ConfirmExit(night: named), at: moment, source: .phone)
                if random.chance(behaviour.returnEarly) {
                    agenda.add(.endFreeWindow(number: number), at: moment + random.seconds(30...(window - 30)))
                } else {
                    busyUntil = max(busyUntil, moment + Int64(window) * 1000)
                    scheduleExit(after: moment + Int64(window) * 1000, following: number, times: exitTimes, into: &agenda)
                }
            case .endFreeWindow(let number):
                try emit(EndFreeWindow(night: named), at: moment, source: .phone)
                scheduleExit(after: moment, following: number, times: exitTimes, into: &agenda)
            }
        }
        return EveningOutcome(inBed: inBed, busyUntil: max(busyUntil, lastMoment))
    }

    /// The nine checklist items of a night whose bedtime is `bedtime`: each done by chance,
    /// from its reminder ("done"), in the app, on the watch or a widget, or after reading
    /// why, or — as a habit forms (`habit`, the chance) — before its reminder fires; an item
    /// left undone may have its reminder dismissed; a done item is now and then reopened and
    /// often done again.
    private func scheduleChecklist(bedtime: Int64, behaviour: NightBehaviour, habit: Double, into agenda: inout EveningAgenda) {
        for template in ReminderTemplate.checklist {
            guard let offset = template.offsetMinutes else { continue }
            let fires = bedtime + Int64(offset) * 60_000
            guard random.chance(behaviour.checklistItem) else {
                if random.chance(behaviour.dismiss) {
                    agenda.add(.interact(template: template.id, action: .dismissed, source: .phone), at: fires + random.seconds(10...600))
                }
                continue
            }
            let done: Int64
            let way = random.int(in: 0...99)
            if random.chance(habit) {
                // A habit: done ahead of the reminder.
                done = fires - random.seconds(300...2400)
                let source = random.element(of: [EventSource.phone, .watch, .widget]) ?? .phone
                agenda.add(.complete(item: template.id, source: source), at: done)
            } else if way < 45 {
                done = fires + random.seconds(20...900)
                let source: EventSource = random.chance(0.25) ? .watch : .phone
                agenda.add(.interact(template: template.id, action: .done, source: source), at: done)
            } else if way < 85 {
                done = fires + random.seconds(-600...1500)
                let source = random.element(of: [EventSource.phone, .phone, .watch, .widget]) ?? .phone
                agenda.add(.complete(item: template.id, source: source), at: done)
            } else {
                let why = fires + random.seconds(20...300)
                agenda.add(.interact(template: template.id, action: .why, source: .phone), at: why)
                done = why + random.seconds(60...600)
                agenda.add(.complete(item: template.id, source: .phone), at: done)
            }
            if random.chance(behaviour.reopen) {
                let reopened = done + random.minutes(2...30)
                agenda.add(.reopen(item: template.id), at: reopened)
                if random.chance(0.7) {
                    agenda.add(.complete(item: template.id, source: .phone), at: reopened + random.minutes(3...30))
                }
            }
        }
    }

    /// Schedules the exit after exit `number`, once it ended at `end`: at its planned time,
    /// but at least a minute after the one before it.
    private func scheduleExit(after end: Int64, following number: Int, times: [Int64], into agenda: inout EveningAgenda) {
        let next = number + 1
        guard next < times.count else { return }
        agenda.add(.requestExit(number: next), at: max(times[next], end + random.minutes(1...20)))
    }

    // MARK: - The night and the morning

    /// The sleep of `night` and the morning after: onset after the evening's last action
    /// (or free window),
    /// the final wake around the plan's wake time (later on weekend mornings), then the
    /// morning check-in and sunlight reminder, and HealthKit's deliveries of the watch's
    /// samples, sometimes the phone's and the vitals. On a missing night nothing is
    /// delivered. Before a flight the deliveries wait until after landing, in the new zone.
    func sleepAndMorning(of night: LocalDate, index: Int, plan: NightPlan, behaviour: NightBehaviour, evening: EveningOutcome, flight: Flight?) throws(SimulationError) {
        let named = Night.date(night)
        let wake = plan.wakeTime.millisecondsSince1970
        let sleepZone = deviceZone
        // The night before a flight always has data: its delivery after landing is the
        // first event in the new zone, which plans the nights there.
        let missing = flight == nil && random.chance(behaviour.missing)
        let inBed = evening.inBed
        let onset = max(inBed + random.minutes(behaviour.latency), evening.busyUntil + random.minutes(3...12))
        let weekendMorning = night.weekday == 5 || night.weekday == 6
        var finalWake = wake + (weekendMorning ? random.minutes(behaviour.weekendSleepIn) : random.minutes(-25...10))
        if finalWake < onset + 3 * 3_600_000 { finalWake = onset + 3 * 3_600_000 + random.minutes(0...45) }
        if behaviour.isShortNight(index) {
            // A stretch of short nights: awake for good after 4 h 40 to 5 h 40.
            finalWake = min(finalWake, onset + random.minutes(280...340))
        }
        let outOfBed = finalWake + random.minutes(1...12)

        var items: [(moment: Int64, item: MorningItem)] = []
        if random.chance(behaviour.wokeUp) {
            let source = random.element(of: [EventSource.phone, .watch, .widget]) ?? .phone
            items.append((finalWake + random.minutes(1...25), .wokeUp(source)))
        }
        if random.chance(behaviour.sunlight) {
            let action = random.element(of: [NotificationAction.done, .done, .why, .dismissed]) ?? .done
            items.append((max(wake, finalWake) + random.minutes(1...45), .sunlight(action)))
        }
        var watch: [SleepSegment] = []
        var phone: [SleepSegment] = []
        var vitals: [VitalReadings.Reading] = []
        if missing {
            summary.nightsWithoutData += 1
        } else {
            watch = SleepArchitecture.watchNight(inBed: inBed, onset: onset, finalWake: finalWake, outOfBed: outOfBed, behaviour: behaviour, random: &random)
            if random.chance(behaviour.phone) {
                phone = SleepArchitecture.phoneNight(inBed: inBed, onset: onset, finalWake: finalWake, outOfBed: outOfBed, random: &random)
            }
            if flight == nil, random.chance(behaviour.vitals) {
                vitals = VitalReadings.night(onset: onset, finalWake: finalWake, rested: behaviour.lateness.upperBound <= 30, random: &random)
            }
        }
        var arrival: Int64?
        let watchEnd = watch.map(\.end).max() ?? outOfBed
        let phoneEnd = phone.map(\.end).max() ?? outOfBed
        let vitalEnd = vitals.map(\.end).max() ?? outOfBed
        if let flight {
            let departure = max(outOfBed, items.map(\.moment).max() ?? outOfBed) + random.minutes(90...150)
            let landed = departure + flight.milliseconds
            arrival = landed
            let delivered = landed + random.minutes(20...50)
            if !watch.isEmpty { items.append((delivered, .watchSamples)) }
            if !phone.isEmpty { items.append((delivered + random.seconds(5...600), .phoneSamples)) }
        } else {
            let watchAt = watchEnd + random.minutes(5...70)
            if !watch.isEmpty { items.append((watchAt, .watchSamples)) }
            if !phone.isEmpty { items.append((phoneEnd + random.minutes(1...40), .phoneSamples)) }
            if !vitals.isEmpty { items.append((max(watchAt, vitalEnd) + random.minutes(1...15), .vitals)) }
        }
        // In time order; at the same moment, in the order made.
        let ordered = items.enumerated().sorted { ($0.element.moment, $0.offset) < ($1.element.moment, $1.offset) }.map(\.element)
        for (planned, item) in ordered {
            let moment = max(planned, lastMoment)
            if let flight, let arrival, moment >= arrival, deviceZone != flight.destination {
                deviceZone = flight.destination
                noteZone(flight.destination)
            }
            switch item {
            case .wokeUp(let source):
                try emit(LogBedtime(night: named, moment: .wokeUp), at: moment, source: source)
            case .sunlight(let action):
                try emit(RecordNotificationInteraction(night: named, template: "sunlight", action: action), at: moment, source: .phone)
            case .watchSamples:
                try ingest(watch, sourceName: "Apple Watch", zone: sleepZone, at: moment)
            case .phoneSamples:
                try ingest(phone, sourceName: "iPhone", zone: sleepZone, at: moment)
            case .vitals:
                let samples = vitals.map { reading in
                    VitalSampleIngested(
                        sampleId: mint.nextSampleIdentifier(), kind: reading.kind, value: reading.value, unit: reading.unit,
                        start: instant(reading.start, in: sleepZone), end: instant(reading.end, in: sleepZone)
                    )
                }
                summary.vitalSamples += try emit(IngestVitalSamples(samples: samples), at: moment, source: nil).count
            }
        }
        if let flight, deviceZone != flight.destination {
            // Nothing was delivered after landing (cannot happen: the night before a flight
            // has data); the device still arrived.
            deviceZone = flight.destination
            noteZone(flight.destination)
        }
    }

    /// One HealthKit delivery of `segments` from `sourceName`, slept in `zone`.
    private func ingest(_ segments: [SleepSegment], sourceName: String, zone: String, at moment: Int64) throws(SimulationError) {
        let samples = segments.map { segment in
            SleepSampleIngested(
                sampleId: mint.nextSampleIdentifier(), stage: segment.stage,
                start: instant(segment.start, in: zone), end: instant(segment.end, in: zone),
                timeZone: zone, sourceName: sourceName
            )
        }
        summary.sleepSamples += try emit(IngestSleepSamples(samples: samples), at: moment, source: nil).count
    }
}
