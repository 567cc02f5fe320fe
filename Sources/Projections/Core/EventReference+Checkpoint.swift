import Events

/// An event reference's state: its id as a `SampleKey` (a UUID as its 16 bytes, not its
/// 36 characters), its seq, its type name as a number, its instant, and its source as a
/// number, then its stream (in a log set) as optional text. A type name is `1 +` its place
/// among `EventType`'s cases, or 0 and then the text for any other name; a source is 0 when
/// there is none, `1 +` its place in `EventSource.listed`, or 255 and then the text. A name
/// is numbered only when its bytes are exactly the listed name's, so every reference reads
/// back byte for byte.
///
/// Exit records, plan causes and demo nights hold many references: this keeps reading them
/// to integer reads, with no hex digits parsed and no text checked.
extension EventReference: StateCodable {
    /// The mark of a source written as its text.
    private static let sourceAsText: UInt8 = 255

    package static var placeholder: EventReference {
        EventReference(identifier: .text(""), seq: 0, typeName: "", at: .placeholder, source: nil, stream: nil)
    }

    private init(identifier: SampleKey, seq: Int, typeName: String, at: Instant, source: EventSource?, stream: String?) {
        self.identifier = identifier
        self.seq = seq
        self.typeName = typeName
        self.at = at
        self.source = source
        self.stream = stream
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try identifier.describeState(&coder)
        try seq.describeState(&coder)
        try coder.field("EventReference.typeName") { coder throws(Coder.Failure) in
            var number: UInt8 = Coder.isReading ? 0 : Self.typeNumber(of: typeName)
            try coder.code(&number)
            if number == 0 {
                try coder.code(&typeName)
            } else if Coder.isReading {
                try coder.check(Int(number) <= Self.typeNames.count, "\(number) numbers no event type")
                typeName = Self.typeNames[min(Int(number), Self.typeNames.count) - 1]
            }
        }
        try at.describeState(&coder)
        try coder.field("EventReference.source") { coder throws(Coder.Failure) in
            var number: UInt8 = Coder.isReading ? 0 : Self.sourceNumber(of: source)
            try coder.code(&number)
            guard Coder.isReading || number == Self.sourceAsText else { return }
            var text = source?.rawValue ?? ""
            switch number {
            case 0:
                source = nil
            case Self.sourceAsText:
                try coder.code(&text)
                source = EventSource(rawValue: text)
            default:
                try coder.check(Int(number) <= Self.sourceNames.count, "\(number) numbers no source")
                source = EventSource.listed[min(Int(number), Self.sourceNames.count) - 1]
            }
        }
        try stream.describeState(&coder)
    }

    /// The number of `name` (0: written as text).
    private static func typeNumber(of name: String) -> UInt8 {
        guard let number = typeNumbers[name], NameTable.sameBytes(name, typeNames[Int(number) - 1]) else { return 0 }
        return number
    }

    /// The number of `source` (0: none; ``sourceAsText``: written as text).
    private static func sourceNumber(of source: EventSource?) -> UInt8 {
        guard let source else { return 0 }
        guard let number = sourceNumbers[source.rawValue], NameTable.sameBytes(source.rawValue, sourceNames[Int(number) - 1]) else { return sourceAsText }
        return number
    }

    /// The type names by number − 1 (`EventType`'s cases in order).
    private static let typeNames: [String] = EventType.allCases.map(\.rawValue)
    private static let typeNumbers: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: typeNames.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
    /// The listed sources' names by number − 1.
    private static let sourceNames: [String] = EventSource.listed.map(\.rawValue)
    private static let sourceNumbers: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: sourceNames.enumerated().map { ($0.element, UInt8($0.offset + 1)) })
}
