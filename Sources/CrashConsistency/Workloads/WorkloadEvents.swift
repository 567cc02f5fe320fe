import Events

/// The events the workloads append: sleep samples and night actions of one night, each a
/// pure function of its number (so every run writes the same bytes).
package enum WorkloadEvents {
    /// 2026-11-30T21:00:00+01:00.
    package static let start = Instant(millisecondsSince1970: 1_796_068_800_000, utcOffsetSeconds: 3_600)
    package static let zone = "Europe/Berlin"

    /// Event `number` (from 1).
    package static func event(_ number: Int, tag: String = "w") -> Event {
        let at = start.adding(milliseconds: Int64(number) * 60_000)
        let id = "\(tag)-\(number)"
        if number % 3 == 0 {
            let sampleStart = at.adding(milliseconds: -30 * 60_000)
            return Event(
                id: id, at: at, timeZone: zone, source: .health,
                payload: .sleepSampleIngested(SleepSampleIngested(
                    sampleId: "sample-\(tag)-\(number)", stage: SleepStage.allCases[number % SleepStage.allCases.count],
                    start: sampleStart, end: sampleStart.adding(milliseconds: 20 * 60_000), timeZone: zone, sourceName: "Apple Watch")))
        }
        let night = Night.date(start.localDateTime.date)
        let payload: EventPayload = number % 3 == 1
            ? .checklistItemCompleted(ChecklistItemChange(night: night, item: ["dim_lights", "screens_off", "cool_room"][number % 3]))
            : .wentToBed(NightAction(night: night))
        return Event(id: id, at: at, timeZone: zone, source: .phone, payload: payload)
    }

    /// Events `numbers`.
    package static func events(_ numbers: ClosedRange<Int>, tag: String = "w") -> [Event] {
        numbers.map { event($0, tag: tag) }
    }
}
