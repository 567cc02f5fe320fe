import Events

extension DemoNight: CheckpointCodable {
    package func encode(to writer: inout CheckpointWriter) {
        writer.value(start)
        writer.string(timeZone)
        writer.int(compression)
        writer.int(sleepNeedMinutes)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        let start = try reader.value(EventReference.self)
        let timeZone = try reader.string("DemoNight.timeZone")
        let at = reader.offset
        let compression = try reader.int("DemoNight.compression")
        // The plan divides by the compression.
        guard Self.compressionRange.contains(compression) else { throw reader.failure("DemoNight.compression", at: at, "\(compression) is out of range") }
        let sleepNeed = try reader.int("DemoNight.sleepNeedMinutes")
        self.init(start: start, timeZone: timeZone, compression: compression, sleepNeedMinutes: sleepNeed)
    }
}
