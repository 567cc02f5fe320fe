import Events

/// How the HealthKit commands (`IngestSleepSamples`, `DeleteSleepSamples`,
/// `IngestVitalSamples`, `IngestCaffeineSamples`, `IngestWorkouts`, `DeleteHealthSamples`)
/// give their events ids.
///
/// The log's append is idempotent by event id: an event whose id the log already holds
/// **with the same content** is not written again and answers the seq it has (docs/log-format.md,
/// `id`). The content is the whole line but `seq` and `batch`, so it includes `at`, which
/// these commands set to the command's instant. Hence:
/// - `.fresh` (the default): ids as every other command gets them (UUIDs from the store's
///   environment). A re-delivered sample is appended again, under a new id; projections
///   count a sample id once (docs/rules.md §5.2: a re-ingested sampleId replaces the earlier sample,
///   and overlapping samples never count twice).
/// - `.derivedFromSampleIds`: each id is derived from the sample's HealthKit id, so the same
///   sample always has the same event id, on every device and in every language:
///   `hk-sleep-<sampleId>` (`IngestSleepSamples`), `hk-sleep-deleted-<sampleId>`
///   (`DeleteSleepSamples`), `hk-vital-<sampleId>` (`IngestVitalSamples`),
///   `hk-caffeine-<sampleId>`, `hk-workout-<sampleId>`, `hk-health-deleted-<sampleId>`; when that would
///   exceed 128 UTF-8 bytes, the prefix followed by the 32 lowercase hex digits of
///   `IdentifierDigest(sampleId)` (`high` then `low`, 16 digits each). HealthKit samples are
///   immutable (an edit is a deletion and a new UUID), so a sample id names one content.
///   Sending the same events again is then a no-op (a retry of an append whose outcome was
///   lost appends nothing); a sample re-delivered at a **later instant** makes an event with
///   the same id and another `at`, which the log refuses (`StoreError.log`,
///   `.duplicateIdentifier`) with nothing written.
/// - `.given(ids)`: the front end's own ids, one per sample, in order (each 1–128 UTF-8
///   bytes, none twice; else `.invalidEventIdentifiers`). Derive them deterministically from
///   the HealthKit sample (e.g. from its UUID) for a retry of the same events to be
///   idempotent; the same caveat about a later instant applies.
public enum SampleEventIdentifiers: Sendable, Hashable {
    /// New ids from the store's environment, as for every other command.
    case fresh
    /// Ids derived from the samples' HealthKit ids (see above).
    case derivedFromSampleIds
    /// The front end's ids, one per sample, in the samples' order.
    case given([String])

    /// The longest event id, in UTF-8 bytes (docs/log-format.md, `id`).
    public static let maximumIdentifierBytes = Event.identifierByteRange.upperBound

    /// The id derived from `sampleId` with `prefix` (`"hk-sleep-"`, `"hk-sleep-deleted-"`,
    /// `"hk-vital-"`): the prefix and the sample id, or, when that exceeds 128 UTF-8 bytes,
    /// the prefix and the 32 hex digits of the sample id's `IdentifierDigest`.
    public static func derivedIdentifier(prefix: String, sampleId: String) -> String {
        let plain = prefix + sampleId
        if plain.utf8.count <= maximumIdentifierBytes { return plain }
        let digest = IdentifierDigest(sampleId)
        return prefix + hex(digest.high) + hex(digest.low)
    }

    /// The event ids for `sampleIds` (one each, in order): `nil` entries mean "a new id".
    ///
    /// - Throws: `.invalidEventIdentifiers` when given ids are not one per sample, or one is
    ///   empty, longer than 128 UTF-8 bytes, or repeated.
    func identifiers(for sampleIds: [String], prefix: String) throws(CommandError) -> [String?] {
        switch self {
        case .fresh:
            return Array(repeating: nil, count: sampleIds.count)
        case .derivedFromSampleIds:
            return sampleIds.map { derivedIdentifier(prefix: prefix, sampleId: $0) }
        case .given(let identifiers):
            guard identifiers.count == sampleIds.count else {
                throw CommandError(
                    rule: .invalidEventIdentifiers,
                    message: "\(identifiers.count) event ids were given for \(sampleIds.count) samples; one id per sample, in the samples' order, is accepted"
                )
            }
            var seen: [String: Int] = [:]
            for (index, identifier) in identifiers.enumerated() {
                let bytes = identifier.utf8.count
                guard bytes >= 1, bytes <= Self.maximumIdentifierBytes else {
                    throw CommandError(
                        rule: .invalidEventIdentifiers,
                        message: "event id \(index) (for sampleId \"\(sampleIds[index])\") has \(bytes) UTF-8 bytes; an id of 1 to \(Self.maximumIdentifierBytes) bytes is accepted",
                        sampleIndex: index
                    )
                }
                if let earlier = SampleRule.earlierIndex(of: identifier, at: index, seen: &seen) {
                    throw CommandError(
                        rule: .invalidEventIdentifiers,
                        message: "event id \(index) (for sampleId \"\(sampleIds[index])\") repeats event id \(earlier), \"\(identifier)\"; ids that differ within the batch are accepted",
                        sampleIndex: index
                    )
                }
            }
            return identifiers
        }
    }

    private func derivedIdentifier(prefix: String, sampleId: String) -> String {
        Self.derivedIdentifier(prefix: prefix, sampleId: sampleId)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
