import Events

/// Each night's vital readings (`SleepLedger`'s), by kind, in the order they came: one
/// singly linked list per night and kind, threaded through one pool of readings, so that
/// the ledger holds two arrays in all rather than five per night (a checkpoint reads them
/// back without an allocation per night).
struct NightVitalLists: Sendable {
    /// A night's first and last reading of each kind (by `index(of:)`; -1 when none).
    struct Ends: Sendable {
        var first = SIMD8<Int32>(repeating: -1)
        var last = SIMD8<Int32>(repeating: -1)
    }

    /// The readings' values and, for each, the next reading of its list (-1 at the end;
    /// a free reading's is the next free one).
    private var values: [Double] = []
    private var next: [Int32] = []
    /// The first free reading (-1 when none).
    private var free: Int32 = -1
    private var ends = NightTable<Ends>(empty: Ends())

    /// No readings.
    init() {}

    /// Adds a reading of `kind` to `night`.
    mutating func append(_ value: Double, of kind: VitalKind, to night: Int32) {
        let reading: Int32
        if free >= 0 {
            reading = free
            free = next[Int(reading)]
            values[Int(reading)] = value
            next[Int(reading)] = -1
        } else {
            reading = Int32(values.count)
            values.append(value)
            next.append(-1)
        }
        let kind = Self.index(of: kind)
        var previousLast: Int32 = -1
        ends.modify(night) { ends in
            previousLast = ends.last[kind]
            if previousLast < 0 { ends.first[kind] = reading }
            ends.last[kind] = reading
        }
        if previousLast >= 0 { next[Int(previousLast)] = reading }
    }

    /// Removes the first reading of `kind` equal to `value` from `night`, if any.
    mutating func removeFirst(_ value: Double, of kind: VitalKind, from night: Int32) {
        guard var nightEnds = ends[night] else { return }
        let kind = Self.index(of: kind)
        var previous: Int32 = -1
        var reading = nightEnds.first[kind]
        while reading >= 0, values[Int(reading)] != value {
            previous = reading
            reading = next[Int(reading)]
        }
        guard reading >= 0 else { return }
        let following = next[Int(reading)]
        if previous >= 0 { next[Int(previous)] = following } else { nightEnds.first[kind] = following }
        if following < 0 { nightEnds.last[kind] = previous }
        next[Int(reading)] = free
        free = reading
        let changed = nightEnds
        ends.modify(night) { $0 = changed }
    }

    /// The readings of `night`, if it ever had one.
    func summary(of night: Int32) -> VitalSummary? {
        ends[night].map(summary(of:))
    }

    /// Every night that ever had a reading, with its readings.
    var summaries: [(night: Int32, summary: VitalSummary)] {
        ends.all.map { ($0, summary(of: $1)) }
    }

    /// The readings of `kind` on `night` in the order they came, if the night ever had a
    /// reading.
    func readings(of kind: VitalKind, on night: Int32) -> [Double]? {
        ends[night].map { readings(from: $0.first[Self.index(of: kind)]) }
    }

    private func summary(of ends: Ends) -> VitalSummary {
        var readings: [VitalKind: [Double]] = [:]
        for kind in VitalKind.allCases { readings[kind] = self.readings(from: ends.first[Self.index(of: kind)]) }
        return VitalSummary(readings: readings)
    }

    /// The values of the list starting at `first`.
    private func readings(from first: Int32) -> [Double] {
        var readings: [Double] = []
        var reading = first
        while reading >= 0 {
            readings.append(values[Int(reading)])
            reading = next[Int(reading)]
        }
        return readings
    }

    /// The place of `kind` in `Ends` (and in the payload, night by night).
    private static func index(of kind: VitalKind) -> Int {
        switch kind {
        case .hrv: return 0
        case .restingHeartRate: return 1
        case .spo2: return 2
        case .respiratoryRate: return 3
        case .wristTemperature: return 4
        }
    }

    /// The kinds in the order of `index(of:)`.
    private static let kindsInOrder: [VitalKind] = [.hrv, .restingHeartRate, .spo2, .respiratoryRate, .wristTemperature]
}

// MARK: Checkpoint

extension NightVitalLists: StateCodable {
    static var placeholder: NightVitalLists { NightVitalLists() }

    /// Each night that ever had a reading (in the order first changed), then the number of
    /// its readings of each kind (hrv, resting heart rate, SpO2, respiratory rate, wrist
    /// temperature: five a night), then every reading's bit pattern, night by night and kind
    /// by kind in the order they came, each in bulk. Read, the readings are packed in that
    /// order, none free.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        let kindCount = Self.kindsInOrder.count
        var nights: [Int32] = []
        var counts: [Int32] = []
        var bits: [UInt64] = []
        if !Coder.isReading {
            for (night, ends) in ends.all {
                nights.append(night)
                for kind in Self.kindsInOrder {
                    let readings = readings(from: ends.first[Self.index(of: kind)])
                    counts.append(Int32(readings.count))
                    bits.append(contentsOf: readings.map(\.bitPattern))
                }
            }
        }
        try coder.bulk(&nights, growing: false)
        try coder.bulk(&counts, growing: false)
        try coder.bulk(&bits, growing: false)
        guard Coder.isReading else { return }
        try coder.check(counts.count == kindCount * nights.count && counts.allSatisfy { $0 >= 0 }, "not five counts of readings a night")
        let total = counts.reduce(0) { $0 + Int($1) }
        try coder.check(total == bits.count, "\(total) readings counted, \(bits.count) held")
        var allEnds: [Ends] = []
        allEnds.reserveCapacity(nights.count)
        var reading = 0
        for index in nights.indices {
            var ends = Ends()
            for kind in 0..<kindCount {
                let count = Int(counts[kindCount * index + kind])
                guard count > 0 else { continue }
                ends.first[kind] = Int32(truncatingIfNeeded: reading)
                ends.last[kind] = Int32(truncatingIfNeeded: reading + count - 1)
                reading += count
            }
            allEnds.append(ends)
        }
        let table = NightTable(empty: Ends(), nights: nights, values: allEnds)
        try coder.check(table != nil, "a night is repeated")
        values = bits.map(Double.init(bitPattern:))
        next = [Int32](unsafeUninitializedCapacity: total) { buffer, initialized in
            for reading in 0..<total { buffer[reading] = Int32(truncatingIfNeeded: reading + 1) }
            initialized = total
        }
        for ends in allEnds {
            for kind in 0..<kindCount where ends.last[kind] >= 0 { next[Int(ends.last[kind])] = -1 }
        }
        free = -1
        self.ends = table ?? NightTable(empty: Ends())
    }
}
