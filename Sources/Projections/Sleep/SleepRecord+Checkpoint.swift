import Events

extension SleepRecord: CheckpointCodable {
    package func encode(to writer: inout CheckpointWriter) {
        writer.localDate(night)
        writer.instant(onset)
        writer.instant(finalWake)
        writer.string(timeZone)
        writer.int64(asleepMilliseconds)
        writer.optional(coreMilliseconds) { $0.int64($1) }
        writer.optional(deepMilliseconds) { $0.int64($1) }
        writer.optional(remMilliseconds) { $0.int64($1) }
        writer.optionalString(stagedSource)
        writer.int64(awakeMilliseconds)
        writer.int(interruptions)
        writer.optional(latencyMilliseconds) { $0.int64($1) }
        writer.double(efficiency)
        writer.int64(napMilliseconds)
        writer.uint8(source == .samples ? 0 : 1)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        func milliseconds(_ reader: inout CheckpointReader) throws(CheckpointDecodingError) -> Int64 {
            try reader.int64("SleepRecord milliseconds")
        }
        night = try reader.localDate("SleepRecord.night")
        onset = try reader.instant("SleepRecord.onset")
        finalWake = try reader.instant("SleepRecord.finalWake")
        timeZone = try reader.string("SleepRecord.timeZone")
        asleepMilliseconds = try milliseconds(&reader)
        coreMilliseconds = try reader.optional("SleepRecord.coreMilliseconds", milliseconds)
        deepMilliseconds = try reader.optional("SleepRecord.deepMilliseconds", milliseconds)
        remMilliseconds = try reader.optional("SleepRecord.remMilliseconds", milliseconds)
        stagedSource = try reader.optionalString("SleepRecord.stagedSource")
        awakeMilliseconds = try milliseconds(&reader)
        interruptions = try reader.int("SleepRecord.interruptions")
        latencyMilliseconds = try reader.optional("SleepRecord.latencyMilliseconds", milliseconds)
        efficiency = try reader.double("SleepRecord.efficiency")
        napMilliseconds = try milliseconds(&reader)
        let start = reader.offset
        switch try reader.uint8("SleepRecord.source") {
        case 0: source = .samples
        case 1: source = .manual
        case let other: throw reader.failure("SleepRecord.source", at: start, "\(other) is not a source")
        }
    }
}
