import Events

// The sleep samples and vital readings of a checkpoint, read from its columns and checked in
// one place: kept there when the checkpoint is mapped (`ColumnBackedArray`: the ledger's
// changes are kept beside them), else copied into arrays as they are read.

/// Columns of elements held under a sample key (samples, vital readings), whose keys can be
/// read alone.
protocol KeyedColumns: ElementColumns {
    /// The key of the element at `index` (`0..<count`).
    func key(at index: Int) -> SampleKey
    /// The key of an element held.
    static func key(of element: Element) -> SampleKey
    /// The table hash of the key at `index` when it is a UUID, `nil` for a text key (read
    /// from the columns without making the key).
    func uuidHash(at index: Int) -> UInt32?
}

extension ColumnBackedArray where Columns: KeyedColumns {
    /// The key of the element at `index`.
    func key(at index: Int) -> SampleKey {
        reading(index, inPlace: { $0.key(at: $1) }, owned: Columns.key(of:))
    }

    /// The table hash of the key of each element at `slots`.
    func keyHashes(of slots: [Int32]) -> [UInt32] {
        withKeys { key in slots.map { SampleKeyTable.hash(key(Int($0))) } }
    }

    /// Calls `body` with a function answering the table hash of the key at an index when it
    /// is a UUID, `nil` for a text key (`SampleKeyColumn` lists the UUID keys), the columns
    /// taken once.
    func withUUIDHashes<Result>(_ body: ((Int) -> UInt32?) -> Result) -> Result {
        withColumns { columns, replaced, owned in
            // Bound once, outside the function: binding the columns at each call would
            // retain and release everything they hold, 70,000 times.
            guard let columns else { return body { SampleKeyTable.uuidHash(Columns.key(of: owned[$0])) } }
            let columnCount = columns.count
            return body { index in
                guard index < columnCount else { return SampleKeyTable.uuidHash(Columns.key(of: owned[index - columnCount])) }
                if !replaced.isEmpty, let element = replaced[index] { return SampleKeyTable.uuidHash(Columns.key(of: element)) }
                return columns.uuidHash(at: index)
            }
        }
    }

    /// Calls `body` with a function answering the key at an index, the columns taken once
    /// (passes over 70,000 keys: per-key copies of the columns cost more than the keys).
    func withKeys<Result>(_ body: ((Int) -> SampleKey) -> Result) -> Result {
        withColumns { columns, replaced, owned in
            guard let columns else { return body { Columns.key(of: owned[$0]) } }
            let columnCount = columns.count
            return body { index in
                guard index < columnCount else { return Columns.key(of: owned[index - columnCount]) }
                if !replaced.isEmpty, let element = replaced[index] { return Columns.key(of: element) }
                return columns.key(at: index)
            }
        }
    }
}

/// The keys of a checkpoint's samples or readings, as `SleepLedger.writeKeys` wrote them: a
/// kind byte each (0, 1 a UUID in upper or lower case, 2 a text), the UUIDs' words, then the
/// texts (read and copied: real sample ids are UUIDs).
struct KeptKeys: Sendable {
    private let kinds: RetainedBytes
    private let words: RetainedBytes
    /// The pair of words of each key when some keys are texts (`-1` for a text), `nil` when
    /// every key is a UUID (the pair is then the key's index).
    private let wordPairs: [Int32]?
    /// The texts, by key index.
    private let texts: [Int: String]

    /// Reads the keys of `count` elements from `reader`, keeping the kinds and words in place.
    init(count: Int, from reader: inout CheckpointReader, kept kinds: RetainedBytes) throws(CheckpointDecodingError) {
        let start = reader.offset - count
        var uuids = 0
        for kind in kinds.bytes {
            guard kind <= 2 else { throw reader.failure("sample keys", at: start, "\(kind) is not a kind of key") }
            if kind < 2 { uuids += 1 }
        }
        self.kinds = kinds
        words = try reader.columnRegion("sample keys", byteCount: 16 * uuids)
        guard uuids < count else {
            wordPairs = nil
            texts = [:]
            return
        }
        var pairs = [Int32](repeating: -1, count: count)
        var texts: [Int: String] = [:]
        var pair: Int32 = 0
        for (index, kind) in kinds.bytes.enumerated() {
            if kind < 2 {
                pairs[index] = pair
                pair += 1
            } else {
                let textStart = reader.offset
                let text = try reader.string("a sample key")
                guard case .text = SampleKey(text) else { throw reader.failure("a sample key", at: textStart, "a UUID text held as text") }
                texts[index] = text
            }
        }
        wordPairs = pairs
        self.texts = texts
    }

    /// The key at `index`.
    func key(at index: Int) -> SampleKey {
        let kind = kinds.bytes[index]
        guard kind < 2 else { return .text(texts[index] ?? "") }
        let pair = wordPair(of: index)
        return .uuid(high: words.load(at: 16 * pair), low: words.load(at: 16 * pair + 8), lowercase: kind == 1)
    }

    /// The table hash of the key at `index` when it is a UUID, `nil` for a text.
    @inline(__always)
    func uuidHash(at index: Int) -> UInt32? {
        let kind = kinds.bytes[index]
        guard kind < 2 else { return nil }
        let pair = wordPair(of: index)
        return SampleKeyTable.hash(high: words.load(at: 16 * pair), low: words.load(at: 16 * pair + 8), lowercase: kind == 1)
    }

    /// The pair of words of the UUID key at `index`.
    @inline(__always)
    private func wordPair(of index: Int) -> Int {
        if let wordPairs { return Int(wordPairs[index]) }
        return index
    }
}

/// A checkpoint's samples, read in place: the columns `SleepLedger.encode(to:)` writes (start,
/// length, night, source, zone, stage), then the keys.
struct SampleColumns: KeyedColumns {
    /// The stages by their number in the payload (`allCases` builds an array at each call).
    private static let stages = SleepStage.allCases
    let count: Int
    /// The six columns, one after the other (25 bytes a sample).
    private let columns: RetainedBytes
    private let keys: KeptKeys

    /// Reads `count` samples' columns and keys in place, checking every sample's names
    /// (below `nameCount`), stage and start, and answers them with the samples' nights.
    static func read(
        count: Int, nameCount: UInt32, from reader: inout CheckpointReader, kept columns: RetainedBytes
    ) throws(CheckpointDecodingError) -> (SampleColumns, nights: [Int32]) {
        let columnsStart = reader.offset - columns.count
        let stageCount = stages.count
        var nights = [Int32](repeating: 0, count: count)
        for index in 0..<count {
            let start: Int64 = columns.load(at: 8 * index)
            let source: UInt32 = columns.load(at: 16 * count + 4 * index)
            let zone: UInt32 = columns.load(at: 20 * count + 4 * index)
            let stage = Int(columns.bytes[24 * count + index])
            guard source < nameCount, zone < nameCount, stage < stageCount, start.magnitude <= UInt64(CheckpointReader.instantLimit) else {
                throw reader.failure("SleepLedger.stored", at: columnsStart, "sample \(index) has a name, stage or start out of range")
            }
            nights[index] = columns.load(at: 12 * count + 4 * index)
        }
        let kinds = try reader.columnRegion("sample keys", byteCount: count)
        let keys = try KeptKeys(count: count, from: &reader, kept: kinds)
        return (SampleColumns(count: count, columns: columns, keys: keys), nights)
    }

    private init(count: Int, columns: RetainedBytes, keys: KeptKeys) {
        self.count = count
        self.columns = columns
        self.keys = keys
    }

    /// The key of the sample at `index`.
    func key(at index: Int) -> SampleKey { keys.key(at: index) }

    func uuidHash(at index: Int) -> UInt32? { keys.uuidHash(at: index) }

    static func key(of sample: SleepLedger.StoredSample) -> SampleKey { sample.key }

    func element(at index: Int) -> SleepLedger.StoredSample {
        SleepLedger.StoredSample(
            start: columns.load(at: 8 * index),
            key: keys.key(at: index),
            milliseconds: columns.load(at: 8 * count + 4 * index),
            night: columns.load(at: 12 * count + 4 * index),
            source: columns.load(at: 16 * count + 4 * index),
            zone: columns.load(at: 20 * count + 4 * index),
            stage: Self.stages[Int(columns.bytes[24 * count + index])]
        )
    }
}

/// A checkpoint's vital readings, read in place: nights, kinds and values, then the keys.
struct VitalColumns: KeyedColumns {
    /// The kinds by their number in the payload.
    private static let kinds = VitalKind.allCases
    let count: Int
    /// The three columns, one after the other (13 bytes a reading).
    private let columns: RetainedBytes
    private let keys: KeptKeys

    /// Reads `count` readings' columns and keys in place, checking every kind.
    static func read(count: Int, from reader: inout CheckpointReader, kept columns: RetainedBytes) throws(CheckpointDecodingError) -> VitalColumns {
        let columnsStart = reader.offset - columns.count
        let kindCount = kinds.count
        for index in 0..<count where Int(columns.bytes[4 * count + index]) >= kindCount {
            throw reader.failure("SleepLedger.heldVitals kinds", at: columnsStart, "\(columns.bytes[4 * count + index]) is not a vital kind")
        }
        let keyKinds = try reader.columnRegion("vital keys", byteCount: count)
        let keys = try KeptKeys(count: count, from: &reader, kept: keyKinds)
        return VitalColumns(count: count, columns: columns, keys: keys)
    }

    private init(count: Int, columns: RetainedBytes, keys: KeptKeys) {
        self.count = count
        self.columns = columns
        self.keys = keys
    }

    /// The key of the reading at `index`.
    func key(at index: Int) -> SampleKey { keys.key(at: index) }

    func uuidHash(at index: Int) -> UInt32? { keys.uuidHash(at: index) }

    static func key(of reading: HeldVital) -> SampleKey { reading.key }

    func element(at index: Int) -> HeldVital {
        HeldVital(
            key: keys.key(at: index),
            night: columns.load(at: 4 * index),
            kind: Self.kinds[Int(columns.bytes[4 * count + index])],
            value: Double(bitPattern: columns.load(at: 5 * count + 8 * index))
        )
    }
}
