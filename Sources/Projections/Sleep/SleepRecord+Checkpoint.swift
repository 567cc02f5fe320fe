import Events

extension SleepRecord: StateCodable {
    package static var placeholder: SleepRecord {
        SleepRecord(
            night: .placeholder, onset: .placeholder, finalWake: .placeholder, timeZone: "", asleepMilliseconds: 0,
            coreMilliseconds: nil, deepMilliseconds: nil, remMilliseconds: nil, stagedSource: nil, awakeMilliseconds: 0,
            interruptions: 0, latencyMilliseconds: nil, efficiency: 0, napMilliseconds: 0, source: .samples)
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try night.describeState(&coder)
        try onset.describeState(&coder)
        try finalWake.describeState(&coder)
        try timeZone.describeState(&coder)
        try asleepMilliseconds.describeState(&coder)
        try coreMilliseconds.describeState(&coder)
        try deepMilliseconds.describeState(&coder)
        try remMilliseconds.describeState(&coder)
        try stagedSource.describeState(&coder)
        try awakeMilliseconds.describeState(&coder)
        try interruptions.describeState(&coder)
        try latencyMilliseconds.describeState(&coder)
        try efficiency.describeState(&coder)
        try napMilliseconds.describeState(&coder)
        try source.describeState(&coder)
    }
}

extension SleepRecord.Source: StateCodableCase {
    /// 0 samples, 1 manual.
    package static let stateCases: [SleepRecord.Source] = [.samples, .manual]
}
