import Events

extension ExitRecord: StateCodable {
    /// Made once: a record read overwrites its causes (made afresh, the placeholder's array
    /// would be allocated for every record read, only to be dropped).
    package static var placeholder: ExitRecord { emptyRecord }

    private static let emptyRecord: ExitRecord = {
        var record = ExitRecord(night: .demo, attempt: 0, requestedAt: .placeholder, waitSeconds: 0, freeWindowSeconds: 0, cause: .placeholder)
        record.causes = []
        return record
    }()

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try night.describeState(&coder)
        try attempt.describeState(&coder)
        try requestedAt.describeState(&coder)
        try waitSeconds.describeState(&coder)
        try confirmedAt.describeState(&coder)
        try cancelledAt.describeState(&coder)
        try freeWindowSeconds.describeState(&coder)
        try closedAt.describeState(&coder)
        try coder.field("ExitRecord.causes", &causes, checking: { !$0.isEmpty }, "a record has at least its request")
    }
}
