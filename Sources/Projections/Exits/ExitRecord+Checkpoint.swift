import Events

extension ExitRecord: CheckpointCodable {
    package func encode(to writer: inout CheckpointWriter) {
        writer.night(night)
        writer.int(attempt)
        writer.instant(requestedAt)
        writer.int(waitSeconds)
        writer.optionalInstant(confirmedAt)
        writer.optionalInstant(cancelledAt)
        writer.int(freeWindowSeconds)
        writer.optionalInstant(closedAt)
        writer.array(causes)
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        night = try reader.night("ExitRecord.night")
        attempt = try reader.int("ExitRecord.attempt")
        requestedAt = try reader.instant("ExitRecord.requestedAt")
        waitSeconds = try reader.int("ExitRecord.waitSeconds")
        confirmedAt = try reader.optionalInstant("ExitRecord.confirmedAt")
        cancelledAt = try reader.optionalInstant("ExitRecord.cancelledAt")
        freeWindowSeconds = try reader.int("ExitRecord.freeWindowSeconds")
        closedAt = try reader.optionalInstant("ExitRecord.closedAt")
        let start = reader.offset
        causes = try reader.array("ExitRecord.causes", of: EventReference.self)
        guard !causes.isEmpty else { throw reader.failure("ExitRecord.causes", at: start, "a record has at least its request") }
    }
}
