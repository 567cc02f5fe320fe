/// The keys of the samples (or vital readings) a ledger holds, as a checkpoint holds them:
/// a kind byte each (`SampleKey`'s: 0, 1 a UUID in upper or lower case, 2 a text) in bulk,
/// then the UUIDs' words in bulk, then the texts. Read in three passes over packed bytes,
/// not one small read per key.
struct SampleKeys: StateCodable {
    var keys: [SampleKey]

    static var placeholder: SampleKeys { SampleKeys(keys: []) }

    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var kinds: [UInt8] = []
        var words: [UInt64] = []
        var texts: [String] = []
        if !Coder.isReading {
            kinds.reserveCapacity(keys.count)
            words.reserveCapacity(2 * keys.count)
            for key in keys {
                switch key {
                case .uuid(let high, let low, let lowercase):
                    kinds.append(lowercase ? 1 : 0)
                    words.append(high)
                    words.append(low)
                case .text(let text):
                    kinds.append(2)
                    texts.append(text)
                }
            }
        }
        try coder.bulk(&kinds, growing: false)
        try coder.bulk(&words, growing: false)
        try texts.describeState(&coder)
        guard Coder.isReading else { return }
        var uuids = 0
        for kind in kinds where kind < 2 { uuids += 1 }
        try coder.check(kinds.allSatisfy { $0 <= 2 }, "a kind of key is not 0, 1 or 2")
        try coder.check(words.count == 2 * uuids && texts.count == kinds.count - uuids, "\(kinds.count) keys, \(words.count) words and \(texts.count) texts do not match")
        // A UUID text is always held as its bits (`SampleKey.init`): the same key both ways.
        try coder.check(texts.allSatisfy { if case .text = SampleKey($0) { true } else { false } }, "a UUID text held as text")
        var built: [SampleKey] = []
        built.reserveCapacity(kinds.count)
        var word = 0
        var text = 0
        for kind in kinds {
            if kind < 2 {
                built.append(.uuid(high: words[word], low: words[word + 1], lowercase: kind == 1))
                word += 2
            } else {
                built.append(.text(texts[text]))
                text += 1
            }
        }
        keys = built
    }
}
