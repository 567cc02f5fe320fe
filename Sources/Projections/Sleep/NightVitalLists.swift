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

    /// Each night that ever had a reading (in the order first changed) with the number of
    /// its readings of each kind (hrv, resting heart rate, SpO2, respiratory rate, wrist
    /// temperature), then every reading's bit pattern in bulk, night by night and kind by
    /// kind in the order they came. Read, the readings are packed in that order, none free.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var nights: [VitalNight] = []
        var bits: [UInt64] = []
        if !Coder.isReading {
            for (night, ends) in ends.all {
                var counts: [Int] = []
                for kind in Self.kindsInOrder {
                    let readings = readings(from: ends.first[Self.index(of: kind)])
                    counts.append(readings.count)
                    bits.append(contentsOf: readings.map(\.bitPattern))
                }
                nights.append(VitalNight(night: night, counts: counts))
            }
        }
        try nights.describeState(&coder)
        try coder.bulk(&bits, growing: false)
        guard Coder.isReading else { return }
        var allEnds: [Ends] = []
        allEnds.reserveCapacity(nights.count)
        var total = 0
        for night in nights {
            var ends = Ends()
            for (kind, count) in night.counts.enumerated() where count > 0 {
                ends.first[kind] = Int32(truncatingIfNeeded: total)
                ends.last[kind] = Int32(truncatingIfNeeded: total + count - 1)
                total += count
            }
            allEnds.append(ends)
        }
        try coder.check(total == bits.count, "\(total) readings counted, \(bits.count) held")
        let table = NightTable(empty: Ends(), nights: nights.map(\.night), values: allEnds)
        try coder.check(table != nil, "a night is repeated")
        values = bits.map(Double.init(bitPattern:))
        next = [Int32](unsafeUninitializedCapacity: total) { buffer, initialized in
            for reading in 0..<total { buffer[reading] = Int32(truncatingIfNeeded: reading + 1) }
            initialized = total
        }
        for ends in allEnds {
            for kind in 0..<Self.kindsInOrder.count where ends.last[kind] >= 0 { next[Int(ends.last[kind])] = -1 }
        }
        free = -1
        self.ends = table ?? NightTable(empty: Ends())
    }
}

/// A night's number of vital readings of each kind, as a checkpoint holds them.
struct VitalNight: StateCodable {
    /// The night, as days since 1970.
    var night: Int32
    /// The number of readings of each kind, in `NightVitalLists.index(of:)` order.
    var counts: [Int]

    static var placeholder: VitalNight { VitalNight(night: 0, counts: []) }

    /// The night, then the five counts.
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try night.describeState(&coder)
        if Coder.isReading { counts = [Int](repeating: 0, count: 5) }
        for kind in 0..<5 {
            try counts[kind].describeState(&coder)
            try coder.check(counts[kind] >= 0 && counts[kind] <= Int(Int32.max), "a count of readings is out of range")
        }
    }
}
