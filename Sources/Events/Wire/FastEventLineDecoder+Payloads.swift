// The fast path's payload decoding: one function per v1 shape, each reading the `data`
// object's members in any order, as the shape's `init(decoding:)` reads them from a
// `PayloadDecoder`. A key the shape does not name (kept on round trip by the reference),
// a key twice, a missing required key or a value of another type misses, and the line
// goes to the reference decoder.

extension FastEventLineDecoder {
    /// Reads the `data` object at the cursor as the current (v1) payload of `type`.
    @inline(__always)
    mutating func decodePayload(_ type: EventType, _ scanner: inout FastLineScanner) throws(FastPathMiss) -> EventPayload {
        try scanner.expect(UInt8(ascii: "{"))
        switch type {
        case .sleepSampleIngested: return .sleepSampleIngested(try sleepSampleIngested(&scanner))
        case .vitalSampleIngested: return .vitalSampleIngested(try vitalSampleIngested(&scanner))
        case .notificationInteracted: return .notificationInteracted(try notificationInteracted(&scanner))
        case .checklistItemCompleted: return .checklistItemCompleted(try checklistItemChange(&scanner))
        case .checklistItemReopened: return .checklistItemReopened(try checklistItemChange(&scanner))
        case .windDownStartedEarly: return .windDownStartedEarly(try Self.nightAction(&scanner))
        case .exitRequested: return .exitRequested(try Self.nightAction(&scanner))
        case .exitCancelled: return .exitCancelled(try Self.nightAction(&scanner))
        case .exitConfirmed: return .exitConfirmed(try Self.nightAction(&scanner))
        case .wentToBed: return .wentToBed(try Self.nightAction(&scanner))
        case .wokeUp: return .wokeUp(try Self.nightAction(&scanner))
        case .freeWindowUsed: return .freeWindowUsed(try Self.freeWindowUsed(&scanner))
        case .bedtimeOverridden: return .bedtimeOverridden(try Self.bedtimeOverridden(&scanner))
        case .sleepSampleDeleted: return .sleepSampleDeleted(try Self.sleepSampleDeleted(&scanner))
        case .manualSleepLogged: return .manualSleepLogged(try Self.manualSleepLogged(&scanner))
        case .appleSleepScoreLogged: return .appleSleepScoreLogged(try Self.appleSleepScoreLogged(&scanner))
        case .goalSet: return .goalSet(try Self.goalSet(&scanner))
        case .goalCleared:
            try Self.emptyObject(&scanner)
            return .goalCleared
        case .appTierAssigned: return .appTierAssigned(try appTierAssigned(&scanner))
        case .scoreSettingsChanged: return .scoreSettingsChanged(try scoreSettingsChanged(&scanner))
        case .demoNightStarted: return .demoNightStarted(try Self.demoNightStarted(&scanner))
        }
    }

    /// Records that the key with bit `bit` was seen; twice misses (the reference refuses a
    /// repeated payload key).
    @inline(__always)
    private static func mark(_ bit: UInt32, in seen: inout UInt32) throws(FastPathMiss) {
        guard seen & bit == 0 else { throw FastPathMiss() }
        seen |= bit
    }

    /// Checks that every bit of `required` was seen.
    @inline(__always)
    private static func require(_ required: UInt32, in seen: UInt32) throws(FastPathMiss) {
        guard seen & required == required else { throw FastPathMiss() }
    }

    // MARK: Health samples

    private mutating func sleepSampleIngested(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> SleepSampleIngested {
        var seen: UInt32 = 0
        var sampleId = ""
        var stage = SleepStage.inBed
        var start = Instant(millisecondsSince1970: 0, normalizedOffsetSeconds: 0)
        var end = start
        var timeZone: String?
        var sourceName = ""
        var first = true
        var likely = PackedName.sampleId
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .sampleId:
                likely = .stage
                try Self.mark(1 << 0, in: &seen)
                sampleId = try Self.nonEmptyString(try scanner.string())
            case .stage:
                likely = .start
                try Self.mark(1 << 1, in: &seen)
                stage = try Self.sleepStage(try scanner.name())
            case .start:
                likely = .end
                try Self.mark(1 << 2, in: &seen)
                start = try Self.instant(&scanner)
            case .end:
                likely = .tz
                try Self.mark(1 << 3, in: &seen)
                end = try Self.instant(&scanner)
            case .tz:
                likely = .sourceName
                // Optional; `null` reads as absent. A zone name, by form only (as the reference).
                try Self.mark(1 << 4, in: &seen)
                if scanner.consumeNull() {
                    timeZone = nil
                } else {
                    timeZone = try strings.zoneName(at: &scanner, field: .sampleZone)
                }
            case .sourceName:
                try Self.mark(1 << 5, in: &seen)
                sourceName = try strings.string(at: &scanner, field: .sourceName)
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b10_1111, in: seen)
        return SleepSampleIngested(sampleId: sampleId, stage: stage, start: start, end: end, timeZone: timeZone, sourceName: sourceName)
    }

    private mutating func vitalSampleIngested(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> VitalSampleIngested {
        var seen: UInt32 = 0
        var sampleId = ""
        var kind = VitalKind.hrv
        var value = 0.0
        var unit = ""
        var start = Instant(millisecondsSince1970: 0, normalizedOffsetSeconds: 0)
        var end = start
        var first = true
        var likely = PackedName.sampleId
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .sampleId:
                likely = .kind
                try Self.mark(1 << 0, in: &seen)
                sampleId = try Self.nonEmptyString(try scanner.string())
            case .kind:
                likely = .value
                try Self.mark(1 << 1, in: &seen)
                kind = try Self.vitalKind(try scanner.name())
            case .value:
                likely = .unit
                try Self.mark(1 << 2, in: &seen)
                value = try scanner.number()
            case .unit:
                likely = .start
                try Self.mark(1 << 3, in: &seen)
                unit = try strings.string(at: &scanner, field: .unit)
            case .start:
                likely = .end
                try Self.mark(1 << 4, in: &seen)
                start = try Self.instant(&scanner)
            case .end:
                try Self.mark(1 << 5, in: &seen)
                end = try Self.instant(&scanner)
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b11_1111, in: seen)
        return VitalSampleIngested(sampleId: sampleId, kind: kind, value: value, unit: unit, start: start, end: end)
    }

    private static func sleepSampleDeleted(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> SleepSampleDeleted {
        var seen: UInt32 = 0
        var sampleId = ""
        var first = true
        while let key = try scanner.nextKey(first: &first, likely: .sampleId) {
            switch key {
            case .sampleId:
                try mark(1 << 0, in: &seen)
                sampleId = try nonEmptyString(try scanner.string())
            default:
                throw FastPathMiss()
            }
        }
        try require(0b1, in: seen)
        return SleepSampleDeleted(sampleId: sampleId)
    }

    private static func manualSleepLogged(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> ManualSleepLogged {
        var seen: UInt32 = 0
        var night = Night.demo
        var bedtime = Instant(millisecondsSince1970: 0, normalizedOffsetSeconds: 0)
        var wakeTime = bedtime
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .bedtime
                try mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .bedtime:
                likely = .wakeTime
                try mark(1 << 1, in: &seen)
                bedtime = try instant(&scanner)
            case .wakeTime:
                try mark(1 << 2, in: &seen)
                wakeTime = try instant(&scanner)
            default:
                throw FastPathMiss()
            }
        }
        try require(0b111, in: seen)
        return ManualSleepLogged(night: night, bedtime: bedtime, wakeTime: wakeTime)
    }

    // MARK: Nights

    private static func nightAction(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> NightAction {
        var seen: UInt32 = 0
        var night = Night.demo
        var first = true
        while let key = try scanner.nextKey(first: &first, likely: .night) {
            switch key {
            case .night:
                try mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            default:
                throw FastPathMiss()
            }
        }
        try require(0b1, in: seen)
        return NightAction(night: night)
    }

    private mutating func checklistItemChange(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> ChecklistItemChange {
        var seen: UInt32 = 0
        var night = Night.demo
        var item = ""
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .item
                try Self.mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .item:
                try Self.mark(1 << 1, in: &seen)
                item = try Self.nonEmpty(try strings.string(at: &scanner, field: .item))
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b11, in: seen)
        return ChecklistItemChange(night: night, item: item)
    }

    private mutating func notificationInteracted(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> NotificationInteracted {
        var seen: UInt32 = 0
        var night = Night.demo
        var template = ""
        var action = NotificationAction.why
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .template
                try Self.mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .template:
                likely = .action
                try Self.mark(1 << 1, in: &seen)
                template = try Self.nonEmpty(try strings.string(at: &scanner, field: .template))
            case .action:
                try Self.mark(1 << 2, in: &seen)
                action = try Self.notificationAction(try scanner.name())
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b111, in: seen)
        return NotificationInteracted(night: night, template: template, action: action)
    }

    private static func freeWindowUsed(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> FreeWindowUsed {
        var seen: UInt32 = 0
        var night = Night.demo
        var returnedEarly = false
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .returnedEarly
                try mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .returnedEarly:
                try mark(1 << 1, in: &seen)
                returnedEarly = try scanner.bool()
            default:
                throw FastPathMiss()
            }
        }
        try require(0b11, in: seen)
        return FreeWindowUsed(night: night, returnedEarly: returnedEarly)
    }

    private static func bedtimeOverridden(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> BedtimeOverridden {
        var seen: UInt32 = 0
        var night = Night.demo
        var bedtime = TimeOfDay(uncheckedMinutesSinceMidnight: 0)
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .bedtime
                try mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .bedtime:
                try mark(1 << 1, in: &seen)
                bedtime = try timeOfDay(&scanner)
            default:
                throw FastPathMiss()
            }
        }
        try require(0b11, in: seen)
        return BedtimeOverridden(night: night, bedtime: bedtime)
    }

    private static func appleSleepScoreLogged(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> AppleSleepScoreLogged {
        var seen: UInt32 = 0
        var night = Night.demo
        var total = 0
        var duration = 0
        var bedtime = 0
        var interruptions: Int?
        var first = true
        var likely = PackedName.night
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .night:
                likely = .total
                try mark(1 << 0, in: &seen)
                night = try Self.night(&scanner)
            case .total:
                likely = .duration
                try mark(1 << 1, in: &seen)
                total = try scanner.integer()
            case .duration:
                likely = .bedtime
                try mark(1 << 2, in: &seen)
                duration = try scanner.integer()
            case .bedtime:
                likely = .interruptions
                try mark(1 << 3, in: &seen)
                bedtime = try scanner.integer()
            case .interruptions:
                // Optional; `null` reads as absent.
                try mark(1 << 4, in: &seen)
                if scanner.consumeNull() {
                    interruptions = nil
                } else {
                    interruptions = try scanner.integer()
                }
            default:
                throw FastPathMiss()
            }
        }
        try require(0b1111, in: seen)
        return AppleSleepScoreLogged(night: night, total: total, duration: duration, bedtime: bedtime, interruptions: interruptions)
    }

    // MARK: Goals, tiers, settings, demo

    private static func goalSet(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> GoalSet {
        var seen: UInt32 = 0
        var currentBedtime = TimeOfDay(uncheckedMinutesSinceMidnight: 0)
        var targetBedtime = currentBedtime
        var days = 0
        var firstNight = LocalDate(uncheckedYear: 1970, month: 1, day: 1)
        var sleepNeedMinutes: Int?
        var first = true
        var likely = PackedName.currentBedtime
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .currentBedtime:
                likely = .targetBedtime
                try mark(1 << 0, in: &seen)
                currentBedtime = try timeOfDay(&scanner)
            case .targetBedtime:
                likely = .days
                try mark(1 << 1, in: &seen)
                targetBedtime = try timeOfDay(&scanner)
            case .days:
                likely = .firstNight
                try mark(1 << 2, in: &seen)
                days = try scanner.integer()
            case .firstNight:
                likely = .sleepNeedMinutes
                try mark(1 << 3, in: &seen)
                firstNight = try localDate(&scanner)
            case .sleepNeedMinutes:
                // Optional; `null` reads as absent.
                try mark(1 << 4, in: &seen)
                if scanner.consumeNull() {
                    sleepNeedMinutes = nil
                } else {
                    sleepNeedMinutes = try scanner.integer()
                }
            default:
                throw FastPathMiss()
            }
        }
        try require(0b1111, in: seen)
        return GoalSet(currentBedtime: currentBedtime, targetBedtime: targetBedtime, days: days, firstNight: firstNight, sleepNeedMinutes: sleepNeedMinutes)
    }

    /// `{}`: `goalCleared` has no keys (any key would be kept by the reference).
    private static func emptyObject(_ scanner: inout FastLineScanner) throws(FastPathMiss) {
        var first = true
        guard try scanner.nextKey(first: &first) == nil else { throw FastPathMiss() }
    }

    private mutating func appTierAssigned(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> AppTierAssigned {
        var seen: UInt32 = 0
        var app = ""
        var tier = AppTier.alwaysAllowed
        var first = true
        var likely = PackedName.app
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .app:
                likely = .tier
                try Self.mark(1 << 0, in: &seen)
                app = try Self.nonEmpty(try strings.string(at: &scanner, field: .app))
            case .tier:
                try Self.mark(1 << 1, in: &seen)
                tier = try Self.appTier(try scanner.name())
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b11, in: seen)
        return AppTierAssigned(app: app, tier: tier)
    }

    private mutating func scoreSettingsChanged(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> ScoreSettingsChanged {
        var seen: UInt32 = 0
        var weights = ScoreWeights.defaults
        var deepTarget = ScoreTarget.minutes(0)
        var remTarget = ScoreTarget.minutes(0)
        var preset: String?
        var first = true
        var likely = PackedName.weights
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .weights:
                likely = .deepTarget
                try Self.mark(1 << 0, in: &seen)
                weights = try Self.scoreWeights(&scanner)
            case .deepTarget:
                likely = .remTarget
                try Self.mark(1 << 1, in: &seen)
                deepTarget = try Self.scoreTarget(&scanner)
            case .remTarget:
                likely = .preset
                try Self.mark(1 << 2, in: &seen)
                remTarget = try Self.scoreTarget(&scanner)
            case .preset:
                // Optional; `null` reads as absent.
                try Self.mark(1 << 3, in: &seen)
                if scanner.consumeNull() {
                    preset = nil
                } else {
                    preset = try strings.string(at: &scanner, field: .preset)
                }
            default:
                throw FastPathMiss()
            }
        }
        try Self.require(0b111, in: seen)
        return ScoreSettingsChanged(weights: weights, deepTarget: deepTarget, remTarget: remTarget, preset: preset)
    }

    /// The nested `weights` object: five numbers. The reference ignores (and drops) other
    /// keys there; the fast path hands such a line over rather than decide.
    private static func scoreWeights(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> ScoreWeights {
        try scanner.expect(UInt8(ascii: "{"))
        var seen: UInt32 = 0
        var weights = ScoreWeights.defaults
        var first = true
        var likely = PackedName.duration
        while let key = try scanner.nextKey(first: &first, likely: likely) {
            switch key {
            case .duration:
                likely = .deep
                try mark(1 << 0, in: &seen)
                weights.duration = try scanner.number()
            case .deep:
                likely = .rem
                try mark(1 << 1, in: &seen)
                weights.deep = try scanner.number()
            case .rem:
                likely = .bedtime
                try mark(1 << 2, in: &seen)
                weights.rem = try scanner.number()
            case .bedtime:
                likely = .interruptions
                try mark(1 << 3, in: &seen)
                weights.bedtime = try scanner.number()
            case .interruptions:
                try mark(1 << 4, in: &seen)
                weights.interruptions = try scanner.number()
            default:
                throw FastPathMiss()
            }
        }
        try require(0b1_1111, in: seen)
        return weights
    }

    /// A nested target object: exactly one of `minutes` or `percent`, a number.
    private static func scoreTarget(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> ScoreTarget {
        try scanner.expect(UInt8(ascii: "{"))
        var target: ScoreTarget?
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard target == nil else { throw FastPathMiss() }
            switch key {
            case .minutes: target = .minutes(try scanner.number())
            case .percent: target = .percent(try scanner.number())
            default: throw FastPathMiss()
            }
        }
        guard let target else { throw FastPathMiss() }
        return target
    }

    private static func demoNightStarted(_ scanner: inout FastLineScanner) throws(FastPathMiss) -> DemoNightStarted {
        var seen: UInt32 = 0
        var compression: Int?
        var first = true
        while let key = try scanner.nextKey(first: &first, likely: .compression) {
            switch key {
            case .compression:
                // Optional; `null` reads as absent.
                try mark(1 << 0, in: &seen)
                if scanner.consumeNull() {
                    compression = nil
                } else {
                    compression = try scanner.integer()
                }
            default:
                throw FastPathMiss()
            }
        }
        return DemoNightStarted(compression: compression)
    }

    // MARK: Strings and enumerations

    /// `text`, which must not be empty.
    @inline(__always)
    private static func nonEmpty(_ text: String) throws(FastPathMiss) -> String {
        guard !text.isEmpty else { throw FastPathMiss() }
        return text
    }

    /// A non-empty string made for this event alone (an id).
    @inline(__always)
    private static func nonEmptyString(_ bytes: UnsafeBufferPointer<UInt8>) throws(FastPathMiss) -> String {
        guard !bytes.isEmpty else { throw FastPathMiss() }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    static func sleepStage(_ name: PackedName) throws(FastPathMiss) -> SleepStage {
        switch name {
        case .core: return .core
        case .deep: return .deep
        case .rem: return .rem
        case .awake: return .awake
        case .asleep: return .asleep
        case .inBed: return .inBed
        default: throw FastPathMiss()
        }
    }

    @inline(__always)
    static func vitalKind(_ name: PackedName) throws(FastPathMiss) -> VitalKind {
        switch name {
        case .hrv: return .hrv
        case .restingHeartRate: return .restingHeartRate
        case .spo2: return .spo2
        case .respiratoryRate: return .respiratoryRate
        case .wristTemperature: return .wristTemperature
        default: throw FastPathMiss()
        }
    }

    @inline(__always)
    static func notificationAction(_ name: PackedName) throws(FastPathMiss) -> NotificationAction {
        switch name {
        case .why: return .why
        case .done: return .done
        case .dismissed: return .dismissed
        default: throw FastPathMiss()
        }
    }

    @inline(__always)
    static func appTier(_ name: PackedName) throws(FastPathMiss) -> AppTier {
        switch name {
        case .blockFirst: return .blockFirst
        case .block30Min: return .block30Min
        case .alwaysAllowed: return .alwaysAllowed
        default: throw FastPathMiss()
        }
    }
}
