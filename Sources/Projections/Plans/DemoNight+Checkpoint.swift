import Events

extension DemoNight: StateCodable {
    package static var placeholder: DemoNight {
        DemoNight(start: .placeholder, timeZone: "", compression: compressionRange.lowerBound, sleepNeedMinutes: 0)
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("DemoNight.start", &start)
        try coder.field("DemoNight.timeZone", &timeZone)
        // The plan divides by the compression.
        try coder.field("DemoNight.compression", &compression, checking: Self.compressionRange.contains, "out of \(Self.compressionRange)")
        try coder.field("DemoNight.sleepNeedMinutes", &sleepNeedMinutes)
    }
}
