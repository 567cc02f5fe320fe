import Events

extension ExitRecord: StateCodable {
    package static var placeholder: ExitRecord {
        ExitRecord(night: .demo, attempt: 0, requestedAt: .placeholder, waitSeconds: 0, freeWindowSeconds: 0, cause: .placeholder)
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ExitRecord.night", &night)
        try coder.field("ExitRecord.attempt", &attempt)
        try coder.field("ExitRecord.requestedAt", &requestedAt)
        try coder.field("ExitRecord.waitSeconds", &waitSeconds)
        try coder.field("ExitRecord.confirmedAt", &confirmedAt)
        try coder.field("ExitRecord.cancelledAt", &cancelledAt)
        try coder.field("ExitRecord.freeWindowSeconds", &freeWindowSeconds)
        try coder.field("ExitRecord.closedAt", &closedAt)
        try coder.field("ExitRecord.causes", &causes, checking: { !$0.isEmpty }, "a record has at least its request")
    }
}
