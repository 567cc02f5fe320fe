import Events

extension SleepRecord: StateCodable {
    package static var placeholder: SleepRecord {
        SleepRecord(
            night: .placeholder, onset: .placeholder, finalWake: .placeholder, timeZone: "", asleepMilliseconds: 0,
            coreMilliseconds: nil, deepMilliseconds: nil, remMilliseconds: nil, stagedSource: nil, awakeMilliseconds: 0,
            interruptions: 0, latencyMilliseconds: nil, efficiency: 0, napMilliseconds: 0, source: .samples)
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("SleepRecord.night", &night)
        try coder.field("SleepRecord.onset", &onset)
        try coder.field("SleepRecord.finalWake", &finalWake)
        try coder.field("SleepRecord.timeZone", &timeZone)
        try coder.field("SleepRecord.asleepMilliseconds", &asleepMilliseconds)
        try coder.field("SleepRecord.coreMilliseconds", &coreMilliseconds)
        try coder.field("SleepRecord.deepMilliseconds", &deepMilliseconds)
        try coder.field("SleepRecord.remMilliseconds", &remMilliseconds)
        try coder.field("SleepRecord.stagedSource", &stagedSource)
        try coder.field("SleepRecord.awakeMilliseconds", &awakeMilliseconds)
        try coder.field("SleepRecord.interruptions", &interruptions)
        try coder.field("SleepRecord.latencyMilliseconds", &latencyMilliseconds)
        try coder.field("SleepRecord.efficiency", &efficiency)
        try coder.field("SleepRecord.napMilliseconds", &napMilliseconds)
        try coder.field("SleepRecord.source", &source)
    }
}

extension SleepRecord.Source: StateCodableCase {
    /// 0 samples, 1 manual.
    package static let stateCases: [SleepRecord.Source] = [.samples, .manual]
}
