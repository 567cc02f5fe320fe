import Events

/// The score settings in force, and every Apple Sleep Score typed in (latest per night).
/// Every night is scored with the settings in force when it is viewed; the history of
/// settings stays in the log.
public struct ScoreInputs: Projection, Hashable {
    /// The settings in force (the latest valid `scoreSettingsChanged`, else the default).
    public private(set) var settings = ScoreSettings.default
    /// The Apple scores typed in, the latest per night.
    public private(set) var appleLogged: [LocalDate: AppleSleepScoreLogged] = [:]

    public init() {}

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        fold(event, warnings: &warnings)
    }

    /// Folds `event`, answering whether it was applied or skipped (for `LogState`).
    @discardableResult
    package mutating func fold(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        switch event.payload {
        case .scoreSettingsChanged(let change):
            guard change.weights.isValid else {
                return warnings.skip(seq: event.seq, rule: .scores, because: "scoreSettingsChanged has weights that are not each 0–100 summing to 100 (they sum to \(change.weights.total))")
            }
            guard Self.isValid(change.deepTarget), Self.isValid(change.remTarget) else {
                return warnings.skip(seq: event.seq, rule: .scores, because: "scoreSettingsChanged has a target that is not positive (minutes) or within 0–100 (percent)")
            }
            settings = change
            return .applied
        case .appleSleepScoreLogged(let logged):
            guard case .date(let night) = logged.night else {
                return warnings.skip(seq: event.seq, rule: .scores, because: "appleSleepScoreLogged names the demo night")
            }
            guard NightRange.admits(night, of: event, warnings: &warnings) else { return .skipped(.nightRange) }
            guard (0...100).contains(logged.total), (0...50).contains(logged.duration), (0...30).contains(logged.bedtime),
                  logged.interruptions.map({ (0...20).contains($0) }) ?? true else {
                return warnings.skip(seq: event.seq, rule: .scores, because: "appleSleepScoreLogged has a value out of range (total 0–100, duration 0–50, bedtime 0–30, interruptions 0–20)")
            }
            appleLogged[night] = logged
            return .applied
        default:
            return .ignored
        }
    }

    static func isValid(_ target: ScoreTarget) -> Bool {
        switch target {
        case .minutes(let minutes): return minutes > 0 && minutes <= 720
        case .percent(let percent): return percent > 0 && percent <= 100
        }
    }
}

// MARK: Checkpoint

extension ScoreInputs: StateCodable {
    package static var placeholder: ScoreInputs { ScoreInputs() }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ScoreInputs.settings", &settings)
        try coder.field("ScoreInputs.appleLogged", &appleLogged)
    }
}
