extension SampleKey: CheckpointCodable {
    /// 0 upper-case UUID, 1 lower-case UUID (then its 16 bytes), 2 other text (then the text).
    package func encode(to writer: inout CheckpointWriter) {
        switch self {
        case .uuid(let high, let low, let lowercase):
            writer.uint8(lowercase ? 1 : 0)
            writer.uint64(high)
            writer.uint64(low)
        case .text(let text):
            writer.uint8(2)
            writer.string(text)
        }
    }

    package init(from reader: inout CheckpointReader) throws(CheckpointDecodingError) {
        let start = reader.offset
        switch try reader.uint8("SampleKey") {
        case let kind where kind <= 1:
            self = .uuid(high: try reader.uint64("SampleKey"), low: try reader.uint64("SampleKey"), lowercase: kind == 1)
        case 2:
            let text = try reader.string("SampleKey")
            // A UUID text is always held as its bits (`SampleKey.init`): the same key both ways.
            guard case .text = SampleKey(text) else { throw reader.failure("SampleKey", at: start, "a UUID text held as text") }
            self = .text(text)
        case let other:
            throw reader.failure("SampleKey", at: start, "\(other) is not a kind of key")
        }
    }

    /// The order keys are written in where a set of them is (UUIDs by their bits, then
    /// texts by their bytes), so that the same set gives the same bytes.
    static func checkpointOrder(_ left: SampleKey, _ right: SampleKey) -> Bool {
        switch (left, right) {
        case let (.uuid(leftHigh, leftLow, leftLower), .uuid(rightHigh, rightLow, rightLower)):
            return (leftHigh, leftLow, leftLower ? 1 : 0) < (rightHigh, rightLow, rightLower ? 1 : 0)
        case (.uuid, .text):
            return true
        case (.text, .uuid):
            return false
        case let (.text(leftText), .text(rightText)):
            return leftText.utf8.lexicographicallyPrecedes(rightText.utf8)
        }
    }
}
