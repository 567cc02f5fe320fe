/// A key's state: 0 upper-case UUID, 1 lower-case UUID (then its 16 bytes), 2 other text
/// (then the text).
extension SampleKey: StateCodable {
    package static var placeholder: SampleKey { .text("") }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var kind: UInt8
        var high: UInt64 = 0
        var low: UInt64 = 0
        var text = ""
        switch self {
        case .uuid(let keyHigh, let keyLow, let lowercase):
            (kind, high, low) = (lowercase ? 1 : 0, keyHigh, keyLow)
        case .text(let keyText):
            (kind, text) = (2, keyText)
        }
        try coder.code(&kind)
        if kind <= 1 {
            try coder.code(&high)
            try coder.code(&low)
            if Coder.isReading { self = .uuid(high: high, low: low, lowercase: kind == 1) }
            return
        }
        try coder.check(kind == 2, "\(kind) is not a kind of key")
        try coder.code(&text)
        guard Coder.isReading else { return }
        // A UUID text is always held as its bits (`SampleKey.init`): the same key both ways.
        guard case .text = SampleKey(text) else {
            try coder.check(false, "a UUID text held as text")
            return
        }
        self = .text(text)
    }
}
