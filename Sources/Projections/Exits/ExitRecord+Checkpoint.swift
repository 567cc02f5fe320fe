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
        let night = try reader.night("ExitRecord.night")
        let attempt = try reader.int("ExitRecord.attempt")
        let requestedAt = try reader.instant("ExitRecord.requestedAt")
        let waitSeconds = try reader.int("ExitRecord.waitSeconds")
        let confirmedAt = try reader.optionalInstant("ExitRecord.confirmedAt")
        let cancelledAt = try reader.optionalInstant("ExitRecord.cancelledAt")
        let freeWindowSeconds = try reader.int("ExitRecord.freeWindowSeconds")
        let closedAt = try reader.optionalInstant("ExitRecord.closedAt")
        let start = reader.offset
        let causes = try reader.array("ExitRecord.causes", of: EventReference.self)
        guard let first = causes.first else { throw reader.failure("ExitRecord.causes", at: start, "a record has at least its request") }
        self.init(night: night, attempt: attempt, requestedAt: requestedAt, waitSeconds: waitSeconds, freeWindowSeconds: freeWindowSeconds, cause: first)
        self.confirmedAt = confirmedAt
        self.cancelledAt = cancelledAt
        self.closedAt = closedAt
        self.causes = causes
    }
}
