/// The keys of the samples (or vital readings) a ledger holds, as a checkpoint holds them:
/// a kind byte each (`SampleKey`'s: 0, 1 a UUID in upper or lower case, 2 a text) in bulk,
/// then the UUIDs' words in bulk, then the texts. Read in three passes over packed bytes,
/// not one small read per key, into the elements themselves.
enum SampleKeys {
    /// The keys of `elements` (whose count the description wrote before): `key` answers an
    /// element's key, `setKey` sets the key read.
    static func describe<Element, Coder: StateCoder>(
        _ elements: inout [Element], key: (Element) -> SampleKey, setKey: (inout Element, SampleKey) -> Void, _ coder: inout Coder
    ) throws(Coder.Failure) {
        var kinds: [UInt8] = []
        var words: [UInt64] = []
        var texts: [String] = []
        if !Coder.isReading {
            kinds.reserveCapacity(elements.count)
            words.reserveCapacity(2 * elements.count)
            for element in elements {
                switch key(element) {
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
        try coder.check(kinds.count == elements.count, "\(kinds.count) keys for \(elements.count) elements")
        try coder.check(kinds.allSatisfy { $0 <= 2 }, "a kind of key is not 0, 1 or 2")
        try coder.check(words.count == 2 * uuids && texts.count == kinds.count - uuids, "\(kinds.count) keys, \(words.count) words and \(texts.count) texts do not match")
        // A UUID text is always held as its bits (`SampleKey.init`): the same key both ways.
        try coder.check(texts.allSatisfy { if case .text = SampleKey($0) { true } else { false } }, "a UUID text held as text")
        elements.withUnsafeMutableBufferPointer { elements in
            var word = 0
            var text = 0
            for (index, kind) in kinds.enumerated() {
                if kind < 2 {
                    setKey(&elements[index], .uuid(high: words[word], low: words[word + 1], lowercase: kind == 1))
                    word += 2
                } else {
                    setKey(&elements[index], .text(texts[text]))
                    text += 1
                }
            }
        }
    }
}
