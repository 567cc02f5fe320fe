#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A streaming scanner of an Apple Health export (`export.xml`), in memory that does not
/// grow with the file: it reads fixed-size chunks and yields the top-level `<Record …>`
/// elements (children of `<HealthData>`) one at a time, with their attributes and their
/// nested `<MetadataEntry>` key/values.
///
/// Why not `XMLParser`: it crashes on the DTD every real export opens with
/// (docs/platform-notes.md). This is not a general XML parser; it reads what the Health app
/// writes and is robust to what a damaged file holds:
///
/// - The XML declaration, processing instructions, comments, CDATA and the
///   `<!DOCTYPE HealthData [ … ]>` block with its internal subset (declarations, quoted
///   literals, comments) are skipped.
/// - Top-level `Workout` elements are yielded too when asked for (`workouts`), with their
///   metadata entries and their `WorkoutStatistics` children; their other children
///   (`WorkoutEvent`, `WorkoutRoute` …) are skipped.
/// - Everything else that is not a top-level `Record` is skipped: `ExportDate`, `Me`,
///   `ActivitySummary`, `Correlation` (whose nested records also appear at the top level,
///   as the export's DTD says, so nested records are not yielded), and so on. Text between
///   elements is skipped without being buffered.
/// - A tag ends at the first `>` outside quotes, so a literal `>` inside an attribute value
///   (the Health app writes `&gt;`) does not end it; both `<Record …/>` and
///   `<Record …>…</Record>` are read. Elements split across chunk boundaries are joined:
///   the results do not depend on the chunk size.
/// - Attribute values are entity-decoded (``XMLAttributeValue``). Records whose `type` is
///   not selected are counted, not decoded.
/// - A selected record that cannot be read (bad attribute syntax, an unknown entity,
///   invalid UTF-8, a repeated attribute, the file ending inside it) is yielded as
///   ``HealthExportItem/malformedRecord(line:reason:)``, never a crash.
/// - The root element must be `HealthData` (else ``HealthExportError/Code/notHealthExport``,
///   at once); a file whose first megabyte holds no element at all is not an export either.
/// - One construct (a tag, a comment, the DOCTYPE) may be at most `maximumElementLength`
///   bytes (1 MiB by default; the Health app's are under 2 KB): a longer one stops the
///   scan with ``HealthExportError/Code/elementTooLong`` rather than grow the buffer.
/// - A file that ends before `</HealthData>` (cut short) ends the scan normally, with
///   ``isComplete`` false and ``truncatedAtLine`` set.
///
/// ```swift
/// var scanner = try HealthExportScanner(path: path, recordTypes: ["HKCategoryTypeIdentifierSleepAnalysis"])
/// while let item = try scanner.next() { … }
/// ```
public struct HealthExportScanner: ~Copyable {
    /// The read size by default: 256 KiB.
    public static let defaultChunkSize = 256 * 1024
    /// The longest construct by default: 1 MiB.
    public static let defaultMaximumElementLength = 1 << 20

    /// The export's path.
    public let path: String
    /// The file's size when it was opened, in bytes.
    public let fileSize: Int64
    /// The bytes read so far.
    public private(set) var bytesRead: Int64 = 0
    /// The top-level records met so far, of every type (yielded, malformed and skipped).
    public private(set) var recordCount = 0
    /// The top-level records skipped because their type was not selected.
    public private(set) var skippedRecordCount = 0
    /// The top-level workouts met so far (yielded and malformed), when workouts are selected.
    public private(set) var workoutCount = 0
    /// Whether `</HealthData>` was read.
    public private(set) var isComplete = false
    /// When the file ended before `</HealthData>`: the line it ended on.
    public private(set) var truncatedAtLine: Int?

    private let chunkSize: Int
    private let maximumElementLength: Int
    private let selectedTypes: [[UInt8]]?
    private let selectsWorkouts: Bool
    private var descriptor: Int32
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The first byte not yet consumed.
    private var start = 0
    /// The end of the valid bytes.
    private var end = 0
    private var atEndOfFile = false
    /// The line of the byte at `start`.
    private var line = 1
    /// Bytes consumed before the current buffer's first byte.
    private var consumedBeforeBuffer: Int64 = 0
    /// Open elements (the root counts 1).
    private var depth = 0
    private var sawRoot = false
    private var pending: PendingRecord?
    private var finished = false

    private struct PendingRecord {
        var line: Int
        var record: HealthExportRecord?
        var failure: String?
    }

    /// Opens the export at `path`.
    /// - Parameters:
    ///   - recordTypes: the `type` values to yield; `nil` yields every top-level record.
    ///     Records of other types are only counted (``skippedRecordCount``).
    ///   - workouts: whether top-level `<Workout>` elements are yielded (counted in
    ///     ``workoutCount``); otherwise they are skipped like any other element.
    ///   - chunkSize: how many bytes each read asks for (at least 1).
    ///   - maximumElementLength: the longest tag, comment or DOCTYPE accepted.
    /// - Throws: ``HealthExportError`` with `.notFound`, `.isDirectory`,
    ///   `.permissionDenied` or `.ioError`.
    public init(
        path: String,
        recordTypes: Set<String>? = nil,
        workouts: Bool = false,
        chunkSize: Int = HealthExportScanner.defaultChunkSize,
        maximumElementLength: Int = HealthExportScanner.defaultMaximumElementLength
    ) throws(HealthExportError) {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        self.maximumElementLength = max(64, maximumElementLength)
        self.selectedTypes = recordTypes.map { $0.sorted().map { Array($0.utf8) } }
        self.selectsWorkouts = workouts
        var opened: Int32 = -1
        while true {
            opened = open(path, O_RDONLY | O_CLOEXEC)
            if opened >= 0 { break }
            let number = errno
            if number != EINTR { throw .system(number, action: "open the export", path: path) }
        }
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let number = errno
            close(opened)
            throw .system(number, action: "read the export's size", path: path)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(opened)
            throw HealthExportError(code: .isDirectory, message: "this is a directory, not an export; give the path of export.xml inside it", path: path)
        }
        self.descriptor = opened
        self.fileSize = Int64(status.st_size)
        self.capacity = self.chunkSize + 64 * 1024
        self.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    // MARK: Items

    /// The next selected record (or malformed selected record), or `nil` at the end.
    /// - Throws: ``HealthExportError``: `.notHealthExport`, `.elementTooLong`, `.ioError`.
    public mutating func next() throws(HealthExportError) -> HealthExportItem? {
        while !finished {
            if let item = try step() { return item }
        }
        return nil
    }

    /// Reads up to the root element, checking that the file is a Health export, without
    /// yielding anything (nothing can come before the root). ``next()`` does this itself;
    /// call it to know before doing anything else.
    /// - Throws: ``HealthExportError``: `.notHealthExport`, `.elementTooLong`, `.ioError`.
    public mutating func readRoot() throws(HealthExportError) {
        while !finished && !sawRoot {
            _ = try step()
        }
    }

    /// Reads up to the next construct and handles it.
    private mutating func step() throws(HealthExportError) -> HealthExportItem? {
        guard let lessThan = find(UInt8(ascii: "<"), from: start) else {
            if !sawRoot && consumedBeforeBuffer + Int64(end) > Int64(maximumElementLength) {
                throw notAnExport("no element in the first \(maximumElementLength) bytes")
            }
            consume(to: end)
            if try !fill() {
                return try finishAtEndOfFile()
            }
            return nil
        }
        consume(to: lessThan)
        guard let construct = try completeConstruct() else {
            // The file ends inside a construct.
            return try finishAtEndOfFile()
        }
        return try handle(construct)
    }

    private enum ConstructKind {
        case startTag(selfClosing: Bool)
        case endTag
        case other
    }

    private struct Construct {
        var kind: ConstructKind
        /// The index just past the construct.
        var end: Int
    }

    /// Handles the construct at `start` and consumes it.
    private mutating func handle(_ construct: Construct) throws(HealthExportError) -> HealthExportItem? {
        let constructLine = line
        defer { consume(to: construct.end) }
        switch construct.kind {
        case .other:
            return nil
        case .endTag:
            guard depth > 0 else { return nil }
            depth -= 1
            if depth == 0 && sawRoot {
                isComplete = true
                finished = true
            }
            if depth == 1, let record = pending {
                pending = nil
                return item(of: record)
            }
            return nil
        case .startTag(let selfClosing):
            let nameEnd = nameEnd(from: start + 1, limit: construct.end)
            let contentEnd = construct.end - 1 - (selfClosing ? 1 : 0)
            if !sawRoot {
                guard matches(start + 1, nameEnd, Self.healthDataName) else {
                    throw notAnExport("its root element is not <HealthData>")
                }
                sawRoot = true
                if selfClosing {
                    isComplete = true
                    finished = true
                } else {
                    depth = 1
                }
                return nil
            }
            var result: HealthExportItem?
            if depth == 1 && matches(start + 1, nameEnd, Self.recordName) {
                recordCount += 1
                let started = startRecord(line: constructLine, nameEnd: nameEnd, contentEnd: contentEnd)
                if selfClosing {
                    if let started { result = item(of: started) }
                } else {
                    pending = started
                }
            } else if depth == 1 && selectsWorkouts && matches(start + 1, nameEnd, Self.workoutName) {
                workoutCount += 1
                let started = startWorkout(line: constructLine, nameEnd: nameEnd, contentEnd: contentEnd)
                if selfClosing {
                    result = item(of: started)
                } else {
                    pending = started
                }
            } else if depth == 2, var record = pending, record.record != nil, record.failure == nil,
                matches(start + 1, nameEnd, Self.metadataEntryName)
            {
                pending = nil
                addMetadata(to: &record, nameEnd: nameEnd, contentEnd: contentEnd)
                pending = record
            } else if depth == 2, var record = pending, record.record?.element == .workout, record.failure == nil,
                matches(start + 1, nameEnd, Self.workoutStatisticsName)
            {
                pending = nil
                addStatistics(to: &record, nameEnd: nameEnd, contentEnd: contentEnd)
                pending = record
            }
            if !selfClosing { depth += 1 }
            return result
        }
    }

    private func item(of record: PendingRecord) -> HealthExportItem? {
        if let failure = record.failure { return .malformedRecord(line: record.line, reason: failure) }
        if let value = record.record { return .record(value) }
        return nil
    }

    /// Reads a top-level record's start tag: `nil` when its type is not selected.
    private mutating func startRecord(line recordLine: Int, nameEnd: Int, contentEnd: Int) -> PendingRecord? {
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        var typeRange: Range<Int>?
        var syntaxError: String?
        forEachAttribute(from: nameEnd, to: contentEnd) { name, value in
            attributes.append((name, value))
            if typeRange == nil && matches(name.lowerBound, name.upperBound, Self.typeName) { typeRange = value }
        } onError: { syntaxError = $0 }
        if let syntaxError, typeRange == nil || isSelected(typeRange) {
            return PendingRecord(line: recordLine, failure: "the record's attributes cannot be read: \(syntaxError)")
        }
        guard let typeRange else {
            return PendingRecord(line: recordLine, failure: "the record has no type attribute")
        }
        guard isSelected(typeRange) else {
            skippedRecordCount += 1
            return nil
        }
        var decoded: [HealthExportRecord.Entry] = []
        decoded.reserveCapacity(attributes.count)
        for attribute in attributes {
            switch decodeEntry(attribute.name, attribute.value) {
            case .success(let entry):
                if decoded.contains(where: { $0.name == entry.name }) {
                    return PendingRecord(line: recordLine, failure: "the attribute \(entry.name) appears twice")
                }
                decoded.append(entry)
            case .failure(let reason):
                return PendingRecord(line: recordLine, failure: reason)
            }
        }
        return PendingRecord(line: recordLine, record: HealthExportRecord(line: recordLine, attributes: decoded))
    }

    /// Reads a top-level workout's start tag: every attribute, decoded.
    private mutating func startWorkout(line workoutLine: Int, nameEnd: Int, contentEnd: Int) -> PendingRecord {
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        var syntaxError: String?
        forEachAttribute(from: nameEnd, to: contentEnd) { name, value in
            attributes.append((name, value))
        } onError: { syntaxError = $0 }
        if let syntaxError {
            return PendingRecord(line: workoutLine, failure: "the workout's attributes cannot be read: \(syntaxError)")
        }
        switch decodeEntries(attributes) {
        case .success(let decoded):
            return PendingRecord(line: workoutLine, record: HealthExportRecord(line: workoutLine, attributes: decoded, element: .workout))
        case .failure(let reason):
            return PendingRecord(line: workoutLine, failure: reason.reason)
        }
    }

    /// Adds a workout's `<WorkoutStatistics …>` child: its attributes, decoded.
    private func addStatistics(to record: inout PendingRecord, nameEnd: Int, contentEnd: Int) {
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        var syntaxError: String?
        forEachAttribute(from: nameEnd, to: contentEnd) { name, value in
            attributes.append((name, value))
        } onError: { syntaxError = $0 }
        if let syntaxError {
            record.failure = "a workout's statistics cannot be read: \(syntaxError)"
            return
        }
        switch decodeEntries(attributes) {
        case .success(let decoded):
            // A bound on what one workout may hold; the Health app writes a handful.
            if (record.record?.statistics.count ?? 0) < 64 { record.record?.statistics.append(decoded) }
        case .failure(let reason):
            record.failure = "a workout's statistics: \(reason.reason)"
        }
    }

    /// Decodes attributes, refusing one repeated.
    private func decodeEntries(_ attributes: [(name: Range<Int>, value: Range<Int>)]) -> Result<[HealthExportRecord.Entry], EntriesError> {
        var decoded: [HealthExportRecord.Entry] = []
        decoded.reserveCapacity(attributes.count)
        for attribute in attributes {
            switch decodeEntry(attribute.name, attribute.value) {
            case .success(let entry):
                if decoded.contains(where: { $0.name == entry.name }) {
                    return .failure(EntriesError(reason: "the attribute \(entry.name) appears twice"))
                }
                decoded.append(entry)
            case .failure(let reason):
                return .failure(EntriesError(reason: reason))
            }
        }
        return .success(decoded)
    }

    /// Why attributes could not be decoded.
    private struct EntriesError: Error {
        var reason: String
    }

    private func addMetadata(to record: inout PendingRecord, nameEnd: Int, contentEnd: Int) {
        var key: Range<Int>?
        var value: Range<Int>?
        var syntaxError: String?
        forEachAttribute(from: nameEnd, to: contentEnd) { name, content in
            if matches(name.lowerBound, name.upperBound, Self.keyName) { key = content }
            if matches(name.lowerBound, name.upperBound, Self.valueName) { value = content }
        } onError: { syntaxError = $0 }
        if let syntaxError {
            record.failure = "a metadata entry's attributes cannot be read: \(syntaxError)"
            return
        }
        guard let key, let value else { return }
        switch (decode(key), decode(value)) {
        case (.success(let keyText), .success(let valueText)):
            // A bound on what one record may hold; the Health app writes a handful.
            if (record.record?.metadata.count ?? 0) < 256 {
                record.record?.metadata.append(HealthExportRecord.Entry(keyText, valueText))
            }
        case (.failure(let error), _), (_, .failure(let error)):
            record.failure = "a metadata entry holds \(error)"
        }
    }

    private func isSelected(_ range: Range<Int>?) -> Bool {
        guard let range else { return false }
        guard let selectedTypes else { return true }
        let count = range.count
        if find(UInt8(ascii: "&"), from: range.lowerBound, to: range.upperBound) != nil {
            guard case .success(let decoded) = decode(range) else { return false }
            let bytes = Array(decoded.utf8)
            return selectedTypes.contains(bytes)
        }
        return selectedTypes.contains { $0.count == count && matches(range.lowerBound, range.upperBound, $0) }
    }

    private enum EntryDecoding {
        case success(HealthExportRecord.Entry)
        case failure(String)
    }

    private func decodeEntry(_ name: Range<Int>, _ value: Range<Int>) -> EntryDecoding {
        let nameBytes = UnsafeBufferPointer(start: buffer + name.lowerBound, count: name.count)
        guard UTF8Validation.isValid(nameBytes) else {
            return .failure("an attribute name holds bytes that are not valid UTF-8")
        }
        let nameText = String(decoding: nameBytes, as: UTF8.self)
        switch decode(value) {
        case .success(let text): return .success(HealthExportRecord.Entry(nameText, text))
        case .failure(let error): return .failure("the attribute \(nameText) holds \(error)")
        }
    }

    private func decode(_ range: Range<Int>) -> Result<String, XMLAttributeError> {
        do {
            return .success(try XMLAttributeValue.decode(UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count)))
        } catch {
            return .failure(error)
        }
    }

    /// Calls `body` with the name and value ranges of each attribute between `from` and
    /// `to` (the end of the tag's content, before `/>` or `>`).
    private func forEachAttribute(
        from: Int, to contentEnd: Int,
        _ body: (Range<Int>, Range<Int>) -> Void,
        onError: (String) -> Void
    ) {
        var index = from
        while true {
            while index < contentEnd && Self.isWhitespace(buffer[index]) { index += 1 }
            if index >= contentEnd { return }
            let nameStart = index
            while index < contentEnd, buffer[index] != UInt8(ascii: "="), !Self.isWhitespace(buffer[index]) { index += 1 }
            let nameRange = nameStart..<index
            guard !nameRange.isEmpty else { return onError("an attribute has no name") }
            while index < contentEnd && Self.isWhitespace(buffer[index]) { index += 1 }
            guard index < contentEnd, buffer[index] == UInt8(ascii: "=") else {
                return onError("an attribute name is not followed by '='")
            }
            index += 1
            while index < contentEnd && Self.isWhitespace(buffer[index]) { index += 1 }
            guard index < contentEnd, buffer[index] == UInt8(ascii: "\"") || buffer[index] == UInt8(ascii: "'") else {
                return onError("an attribute value is not quoted")
            }
            let quote = buffer[index]
            let valueStart = index + 1
            guard let valueEnd = find(quote, from: valueStart, to: contentEnd) else {
                return onError("an attribute value has no closing quote")
            }
            body(nameRange, valueStart..<valueEnd)
            index = valueEnd + 1
        }
    }

    // MARK: Constructs

    /// The construct starting at `start` (a `<`), reading more of the file as needed;
    /// `nil` when the file ends inside it.
    private mutating func completeConstruct() throws(HealthExportError) -> Construct? {
        while true {
            if let construct = locateConstruct() { return construct }
            if end - start > maximumElementLength {
                throw HealthExportError(
                    code: .elementTooLong,
                    message: "an element longer than \(maximumElementLength) bytes starts here; the Health app writes none so long, so the scan stops",
                    path: path, line: line)
            }
            guard try fillMore() else { return nil }
        }
    }

    /// Finds the end of the construct at `start` in the bytes at hand; `nil` when it is
    /// not complete yet.
    private func locateConstruct() -> Construct? {
        guard start + 1 < end else { return nil }
        let second = buffer[start + 1]
        switch second {
        case UInt8(ascii: "?"):
            guard let close = find(Self.processingInstructionEnd, from: start + 2) else { return nil }
            return Construct(kind: .other, end: close + 2)
        case UInt8(ascii: "!"):
            switch prefixMatch(Self.commentStart) {
            case .undecided: return nil
            case .matches:
                guard let close = find(Self.commentEnd, from: start + 4) else { return nil }
                return Construct(kind: .other, end: close + 3)
            case .differs: break
            }
            switch prefixMatch(Self.cdataStart) {
            case .undecided: return nil
            case .matches:
                guard let close = find(Self.cdataEnd, from: start + 9) else { return nil }
                return Construct(kind: .other, end: close + 3)
            case .differs: break
            }
            switch prefixMatch(Self.doctypeStart) {
            case .undecided: return nil
            case .matches:
                guard let close = doctypeEnd(from: start + 9) else { return nil }
                return Construct(kind: .other, end: close + 1)
            case .differs: break
            }
            guard let close = tagEnd(from: start + 2) else { return nil }
            return Construct(kind: .other, end: close + 1)
        case UInt8(ascii: "/"):
            guard let close = find(UInt8(ascii: ">"), from: start + 2) else { return nil }
            return Construct(kind: .endTag, end: close + 1)
        default:
            // A `<` that starts no name is text (invalid XML, but no reason to lose track of
            // the nesting): skip it alone.
            guard second >= 0x80 || second == UInt8(ascii: "_") || second == UInt8(ascii: ":")
                || (second | 0x20 >= UInt8(ascii: "a") && second | 0x20 <= UInt8(ascii: "z"))
            else {
                return Construct(kind: .other, end: start + 1)
            }
            guard let close = tagEnd(from: start + 1) else { return nil }
            let selfClosing = close > start + 1 && buffer[close - 1] == UInt8(ascii: "/")
            return Construct(kind: .startTag(selfClosing: selfClosing), end: close + 1)
        }
    }

    private enum PrefixMatch {
        case matches, differs, undecided
    }

    /// Whether the bytes at `start` begin with `prefix`; `undecided` when the bytes at hand
    /// are too few to tell (they match as far as they go).
    private func prefixMatch(_ prefix: [UInt8]) -> PrefixMatch {
        let compared = min(end - start, prefix.count)
        for index in 0..<compared where buffer[start + index] != prefix[index] {
            return .differs
        }
        return compared == prefix.count ? .matches : .undecided
    }

    /// The `>` ending a tag whose content starts at `from`: the first one outside quotes.
    private func tagEnd(from: Int) -> Int? {
        var index = from
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: ">") { return index }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = find(byte, from: index + 1) else { return nil }
                index = close + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// The `>` ending `<!DOCTYPE …`: outside quotes and after the internal subset
    /// `[ … ]`, whose comments, processing instructions and quoted literals may hold
    /// `>`, `]` and quotes.
    private func doctypeEnd(from: Int) -> Int? {
        var index = from
        var inSubset = false
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = find(byte, from: index + 1) else { return nil }
                index = close + 1
                continue
            }
            if inSubset {
                if byte == UInt8(ascii: "<") {
                    guard index + 4 <= end else { return nil }
                    if buffer[index + 1] == UInt8(ascii: "!") && buffer[index + 2] == UInt8(ascii: "-")
                        && buffer[index + 3] == UInt8(ascii: "-")
                    {
                        guard let close = find(Self.commentEnd, from: index + 4) else { return nil }
                        index = close + 3
                        continue
                    }
                    if buffer[index + 1] == UInt8(ascii: "?") {
                        guard let close = find(Self.processingInstructionEnd, from: index + 2) else { return nil }
                        index = close + 2
                        continue
                    }
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                }
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return nil
    }

    // MARK: Reading

    /// Reads one more chunk after `end`, moving the unconsumed bytes to the front first.
    /// `false` at the end of the file.
    private mutating func fill() throws(HealthExportError) -> Bool {
        if atEndOfFile { return false }
        if start > 0 && capacity - end < chunkSize {
            let kept = end - start
            if kept > 0 { memmove(buffer, buffer + start, kept) }
            consumedBeforeBuffer += Int64(start)
            start = 0
            end = kept
        }
        if capacity - end < chunkSize {
            let newCapacity = max(capacity * 2, end + chunkSize)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        while true {
            let count = read(descriptor, buffer + end, chunkSize)
            if count > 0 {
                end += count
                bytesRead += Int64(count)
                return true
            }
            if count == 0 {
                atEndOfFile = true
                return false
            }
            let number = errno
            if number != EINTR { throw .system(number, action: "read the export", path: path) }
        }
    }

    /// Reads until the unconsumed bytes have doubled (so a construct split over many small
    /// chunks is looked at a logarithmic number of times), or the file ends. `false` when
    /// nothing more could be read.
    private mutating func fillMore() throws(HealthExportError) -> Bool {
        let before = end - start
        let wanted = min(max(before * 2, before + 1), maximumElementLength + 1)
        while end - start < wanted {
            guard try fill() else { return end - start > before }
        }
        return true
    }

    /// Marks the bytes before `index` consumed, counting their lines.
    private mutating func consume(to index: Int) {
        var position = start
        while position < index, let newline = find(UInt8(ascii: "\n"), from: position, to: index) {
            line += 1
            position = newline + 1
        }
        start = index
    }

    private mutating func finishAtEndOfFile() throws(HealthExportError) -> HealthExportItem? {
        finished = true
        guard sawRoot else { throw notAnExport("it holds no <HealthData> element") }
        if !isComplete { truncatedAtLine = line }
        if let record = pending {
            pending = nil
            if record.record != nil || record.failure != nil {
                return .malformedRecord(line: record.line, reason: "the file ends inside this record")
            }
        }
        return nil
    }

    private func notAnExport(_ why: String) -> HealthExportError {
        HealthExportError(
            code: .notHealthExport,
            message: "not an Apple Health export (\(why)); give the export.xml from the Health app's 'Export All Health Data'",
            path: path, line: line)
    }

    // MARK: Bytes

    private func find(_ byte: UInt8, from: Int) -> Int? {
        find(byte, from: from, to: end)
    }

    private func find(_ byte: UInt8, from: Int, to limit: Int) -> Int? {
        guard from < limit, let found = memchr(buffer + from, Int32(byte), limit - from) else { return nil }
        return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var position = from
        while let candidate = find(first, from: position) {
            guard candidate + pattern.count <= end else { return nil }
            var matched = true
            for offset in 1..<pattern.count where buffer[candidate + offset] != pattern[offset] {
                matched = false
                break
            }
            if matched { return candidate }
            position = candidate + 1
        }
        return nil
    }

    private func nameEnd(from: Int, limit: Int) -> Int {
        var index = from
        while index < limit {
            let byte = buffer[index]
            if Self.isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            index += 1
        }
        return index
    }

    private func matches(_ from: Int, _ to: Int, _ name: [UInt8]) -> Bool {
        guard to - from == name.count else { return false }
        for offset in 0..<name.count where buffer[from + offset] != name[offset] { return false }
        return true
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let healthDataName = Array("HealthData".utf8)
    private static let recordName = Array("Record".utf8)
    private static let metadataEntryName = Array("MetadataEntry".utf8)
    private static let workoutName = Array("Workout".utf8)
    private static let workoutStatisticsName = Array("WorkoutStatistics".utf8)
    private static let typeName = Array("type".utf8)
    private static let keyName = Array("key".utf8)
    private static let valueName = Array("value".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)
    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
    private static let doctypeStart = Array("<!DOCTYPE".utf8)
    private static let processingInstructionEnd = Array("?>".utf8)
}
