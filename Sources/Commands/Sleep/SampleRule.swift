import Events
import Projections

/// The checks shared by the HealthKit commands (`IngestSleepSamples`, `DeleteSleepSamples`,
/// `IngestVitalSamples`; docs/rules.md §8.4, "Ranges": a sample lasts more than 0 and at most 24 h
/// and ends no later than 1 day after its event's `at`, which is the command's instant).
///
/// The commands check each sample in the batch's order, all of its rules before the next
/// sample, so the sample named is the first bad one. Every message names it
/// (`samples[i] (sampleId "…")`, 0-based, the index in the array the command was given) and
/// the error carries its index in `CommandError.sampleIndex`.
enum SampleRule {
    /// The longest sample or manual sleep, and how far after now a sample may end: 24 h.
    static let maximumMilliseconds = SampleInterval.maximumMilliseconds

    /// How a sample is named in messages: `samples[2] (sampleId "A41F…")`.
    static func label(_ array: String, _ index: Int, sampleId: String) -> String {
        "\(array)[\(index)] (sampleId \"\(sampleId)\")"
    }

    /// The batch check the HealthKit commands share: each of `samples` in order, its
    /// sampleId (`checkSampleId`) and then its own rules (`check`, given the sample, its
    /// label for messages and its index), all of a sample's rules before the next sample;
    /// then the event ids `eventIdentifiers` gives them (with `prefix` when derived).
    static func checkBatch<Sample>(
        _ samples: [Sample], array: String, sampleId: (Sample) -> String,
        eventIdentifiers: SampleEventIdentifiers, prefix: String,
        check: (Sample, _ label: String, _ index: Int) throws(CommandError) -> Void
    ) throws(CommandError) -> [String?] {
        var seen: [String: Int] = [:]
        for (index, sample) in samples.enumerated() {
            let id = sampleId(sample)
            try checkSampleId(id, at: index, seen: &seen, array: array)
            try check(sample, label(array, index, sampleId: id), index)
        }
        return try eventIdentifiers.identifiers(for: samples.map(sampleId), prefix: prefix)
    }

    /// The in-batch repeat check (sample ids, given event ids): records `value` at `index`
    /// in `seen` and answers the index of an earlier equal value, if there is one (then
    /// `seen` keeps the earlier index).
    static func earlierIndex(of value: String, at index: Int, seen: inout [String: Int]) -> Int? {
        if let earlier = seen[value] { return earlier }
        seen[value] = index
        return nil
    }

    /// Checks that the sample id at `index` is not blank and repeats no earlier one of the
    /// batch (`seen`: the ids checked so far, with their indices), then records it.
    ///
    /// - Throws: `.blankSampleId`, `.duplicateSampleId` (naming both indices).
    static func checkSampleId(_ sampleId: String, at index: Int, seen: inout [String: Int], array: String) throws(CommandError) {
        guard sampleId.contains(where: { !$0.isWhitespace }) else {
            throw CommandError(
                rule: .blankSampleId,
                message: "\(array)[\(index)] has a blank sampleId; the HealthKit sample's UUID (any text that is not empty or only spaces) is accepted",
                sampleIndex: index
            )
        }
        if let earlier = earlierIndex(of: sampleId, at: index, seen: &seen) {
            throw CommandError(
                rule: .duplicateSampleId,
                message: "\(label(array, index, sampleId: sampleId)) repeats the sampleId of \(array)[\(earlier)]; a batch with each sampleId once is accepted",
                sampleIndex: index
            )
        }
    }

    /// Checks a sample's interval against `now` by the sleep projection's own rule,
    /// `SampleInterval.check(start:end:at:allowsInstant:)` (with `now` as the event's `at`):
    /// it ends after it starts (or at it, when `allowsInstant`: a vital reading taken at an
    /// instant, as HealthKit gives SpO2), lasts at most 24 h, and ends no later than 24 h
    /// after `now`. So the projection keeps every sample the commands append.
    ///
    /// - Throws: `.endNotAfterStart`, `.durationTooLong`, `.endsTooLate`.
    static func checkInterval(start: Instant, end: Instant, now: Instant, allowsInstant: Bool = false, label: String, index: Int) throws(CommandError) {
        switch SampleInterval.check(start: start, end: end, at: now, allowsInstant: allowsInstant) {
        case nil:
            return
        case .endsBeforeStart, .lastsNoTime:
            let accepted = allowsInstant
                ? "a reading that ends at or after its start and lasts at most 24 h is accepted"
                : "a sample that ends after its start and lasts at most 24 h is accepted"
            throw CommandError(
                rule: .endNotAfterStart,
                message: "\(label) ends at \(end), \(end.milliseconds(since: start) == 0 ? "the instant it starts" : "before it starts at \(start)"); \(accepted)",
                sampleIndex: index
            )
        case .lastsTooLong(let duration):
            throw CommandError(
                rule: .durationTooLong,
                message: "\(label) lasts \(durationText(duration)), from \(start) to \(end); a sample of at most 24 h is accepted",
                sampleIndex: index
            )
        case .endsTooLate(let latestEnd):
            throw CommandError(
                rule: .endsTooLate,
                message: "\(label) ends at \(end), more than 1 day after now (\(now)); a sample ending by \(latestEnd) is accepted",
                sampleIndex: index
            )
        }
    }

    /// Checks that a sample's own zone, when it has one, has the form of a zone name
    /// (`ZoneName.isPlausible(_:)`). A plausible zone this platform does not know is
    /// accepted (docs/rules.md §8.2: the watch's newer tzdata may name a new zone; refusing it would
    /// refuse the whole batch): the log keeps it and projections skip the sample, with a
    /// warning naming the zone, until the platform knows it.
    ///
    /// - Throws: `.unknownTimeZone`.
    static func checkZone(_ zone: String?, label: String, index: Int) throws(CommandError) {
        guard let zone else { return }
        guard ZoneName.isPlausible(zone) else {
            throw CommandError(
                rule: .unknownTimeZone,
                message: "\(label) names the zone \(zone.debugDescription), which is not a time zone name; \(ZoneName.expectedForm), or no zone (the event's zone is then used), is accepted",
                sampleIndex: index
            )
        }
    }

    /// A duration for messages: `24 h 0 min 1 s`, `7 h 30 min`, `45 min`, `1.5 s`.
    static func durationText(_ milliseconds: Int64) -> String {
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60
        let fraction = milliseconds % 1000
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 || (hours > 0 && (seconds > 0 || fraction > 0)) { parts.append("\(minutes) min") }
        if seconds > 0 || fraction > 0 {
            parts.append(fraction > 0 ? "\(seconds).\(fractionText(fraction)) s" : "\(seconds) s")
        }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }

    private static func fractionText(_ milliseconds: Int64) -> String {
        var text = String(milliseconds)
        text = String(repeating: "0", count: 3 - text.count) + text
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
