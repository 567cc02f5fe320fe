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
        night = try reader.localDate("SleepRecord.night")
        onset = try reader.instant("SleepRecord.onset")
        finalWake = try reader.instant("SleepRecord.finalWake")
        timeZone = try reader.string("SleepRecord.timeZone")
        asleepMilliseconds = try reader.int64("SleepRecord.asleepMilliseconds")
        coreMilliseconds = try reader.optional("SleepRecord.coreMilliseconds") { reader throws(CheckpointDecodingError) in try reader.int64("SleepRecord.coreMilliseconds") }
        deepMilliseconds = try reader.optional("SleepRecord.deepMilliseconds") { reader throws(CheckpointDecodingError) in try reader.int64("SleepRecord.deepMilliseconds") }
        remMilliseconds = try reader.optional("SleepRecord.remMilliseconds") { reader throws(CheckpointDecodingError) in try reader.int64("SleepRecord.remMilliseconds") }
        stagedSource = try reader.optionalString("SleepRecord.stagedSource")
        awakeMilliseconds = try reader.int64("SleepRecord.awakeMilliseconds")
        interruptions = try reader.int("SleepRecord.interruptions")
        latencyMilliseconds = try reader.optional("SleepRecord.latencyMilliseconds") { reader throws(CheckpointDecodingError) in try reader.int64("SleepRecord.latencyMilliseconds") }
        efficiency = try reader.double("SleepRecord.efficiency")
        napMilliseconds = try reader.int64("SleepRecord.napMilliseconds")
        let start = reader.offset
        switch try reader.uint8("SleepRecord.source") {
        case 0: source = .samples
        case 1: source = .manual
        case let other: throw reader.failure("SleepRecord.source", at: start, "\(other) is not a source")
        }
    }
}
