import Events
import StrictJSON

/// Writes pretty-printed, byte-stable UTF-8 JSON straight into bytes, member by member: the
/// one place the form `replay-tool show --json` prints is made (docs/json-view.md).
///
/// The form:
/// - two spaces of indentation a level, one member or element a line, `"key": value` with
///   one space after the colon;
/// - an empty array is `[]` and an empty object `{}`, on the line of their key;
/// - members and elements in the order they are written;
/// - numbers as their literal text, so `0.6000` stays `0.6000`;
/// - strings escaped exactly as ``JSONWriter`` escapes them (`"`, `\` and control
///   characters only; `/` and non-ASCII are written raw).
///
/// Inside an object, each member starts with ``key(_:)``; inside an array, each element
/// with ``element()``; then one value (a scalar, or a container begun and ended).
/// ``JSONView`` writes the view this way, without making a ``JSONValue`` first;
/// ``value(_:)`` writes a value that exists already (``JSONViewWriter``).
package struct PrettyJSONEmitter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8]
    /// The nesting of the next member or element.
    private var depth = 0
    /// Whether the innermost open container has no member or element yet.
    private var containerIsEmpty = true

    /// An emitter with room for `capacity` bytes before it grows.
    package init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// An emitter for one value that will stand at nesting `depth` of a document (a member
    /// of the top-level object is at depth 1): its bytes are what the document's own emitter
    /// would write for that value, to be put in at its ``gap`` by ``finishedChunks(filling:)``.
    package init(valueAtDepth depth: Int, capacity: Int = 4096) {
        self.init(capacity: capacity)
        self.depth = depth
    }

    /// An emitter for a run of the elements of an array that stands at nesting `depth` of a
    /// document (a member of the top-level object is at depth 1), written apart: each begun
    /// with ``element()``, the first without a comma. ``array(joining:atDepth:)`` makes the
    /// array from the runs.
    package init(elementsOfArrayAtDepth depth: Int, capacity: Int = 4096) {
        self.init(capacity: capacity)
        self.depth = depth + 1
    }

    /// The array at nesting `depth` whose elements are the runs `runs`, in order, each
    /// written by an emitter made with ``init(elementsOfArrayAtDepth:capacity:)``, as chunks
    /// to be written one after the other (the runs themselves, not copied, and what goes
    /// around and between them): what one emitter would write for all the elements (`[]`
    /// when there are none).
    package static func array(joining runs: [[UInt8]], atDepth depth: Int) -> [[UInt8]] {
        var chunks: [[UInt8]] = [[UInt8(ascii: "[")]]
        for run in runs where !run.isEmpty {
            if chunks.count > 1 { chunks.append([UInt8(ascii: ",")]) }
            chunks.append(run)
        }
        var end: [UInt8] = []
        if chunks.count > 1 {
            end.append(UInt8(ascii: "\n"))
            end.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        end.append(UInt8(ascii: "]"))
        chunks.append(end)
        return chunks
    }

    /// Where the value of the member just begun with ``key(_:)`` will go, written elsewhere
    /// (an emitter made with ``init(valueAtDepth:capacity:)``); nothing is written here.
    package var gap: Int { bytes.count }

    /// The finished document with each gap's value, given as chunks
    /// (``array(joining:atDepth:)`` for a value written in runs), put in at its ``gap``, the
    /// gaps in ascending order: as chunks to be written one after the other, so that no value
    /// is copied into one array for a reader that takes the chunks as they are (`show --json`
    /// writes them to standard output); ``joined(_:)`` makes one array of them.
    package consuming func finishedChunks(filling gaps: [(at: Int, chunks: [[UInt8]])]) -> [[UInt8]] {
        let document = finishedDocument()
        var result: [[UInt8]] = []
        var start = 0
        for gap in gaps {
            result.append(Array(document[start..<gap.at]))
            result.append(contentsOf: gap.chunks)
            start = gap.at
        }
        result.append(Array(document[start...]))
        return result
    }

    /// `chunks` in one array.
    package static func joined(_ chunks: [[UInt8]]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { result.append(contentsOf: chunk) }
        return result
    }

    // MARK: Containers

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        containerIsEmpty = true
    }

    package mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        depth += 1
        containerIsEmpty = true
    }

    package mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Starts a member of the open object: the separator, a new line, `"key": `. `key` is
    /// written as it is: the view's keys are plain ASCII that needs no escape.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// ``key(_:)`` for a key known only at run time (escaped as a string is). Named apart:
    /// a string literal would otherwise pick this overload over the `StaticString` one, and
    /// check every view key for escapes.
    package mutating func key(escaping key: String) {
        separate()
        JSONWriter.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// Starts an element of the open array: the separator and a new line.
    package mutating func element() {
        separate()
    }

    // MARK: Scalars

    package mutating func null() {
        bytes.append(contentsOf: Self.nullText)
    }

    package mutating func bool(_ flag: Bool) {
        bytes.append(contentsOf: flag ? Self.trueText : Self.falseText)
    }

    /// A string, quoted and escaped.
    package mutating func string(_ string: String) {
        JSONWriter.writeString(string, into: &bytes)
    }

    /// An event's or sample's id as a string: a UUID written from its bits (it needs no
    /// escape), any other id escaped as a string is.
    package mutating func identifier(_ id: CompactIdentifier) {
        switch id {
        case .text(let text):
            string(text)
        case .uuid:
            bytes.append(UInt8(ascii: "\""))
            id.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// A string known to need no escape (digits, `-`, `:`, `+`, `.`, letters): quoted only.
    package mutating func plainString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: string.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string whose bytes `write` appends, quoted; they must need no escape (an RFC 3339
    /// instant, a date).
    package mutating func quoted(_ write: (inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        write(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A whole number in decimal.
    package mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            while magnitude > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A number from its literal text (already valid JSON, such as `0.6000`).
    package mutating func number(literal: String) {
        bytes.append(contentsOf: literal.utf8)
    }

    /// `value`, or `null` when it is `nil`.
    package mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    /// `value` as a string, or `null` when it is `nil`.
    package mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// The document written, ending with one newline.
    package consuming func finishedDocument() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: Values

    /// Writes `value` whole, in the same form.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null:
            null()
        case .bool(let flag):
            bool(flag)
        case .number(let number):
            self.number(literal: number.literal)
        case .string(let text):
            string(text)
        case .array(let elements):
            beginArray()
            for item in elements {
                element()
                self.value(item)
            }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(escaping: member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    // MARK: Layout

    /// The separator before a member or element: a comma unless it is the first, then a
    /// new line indented to ``depth``.
    @inline(__always)
    private mutating func separate() {
        let start = containerIsEmpty ? 1 : 0
        containerIsEmpty = false
        layout(from: start, depth: depth)
    }

    /// Ends the innermost container: an empty one stays on its line (`[]`, `{}`), else its
    /// closing bracket goes on a line of its own at the outer indentation.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !containerIsEmpty {
            layout(from: 1, depth: depth)
        }
        bytes.append(bracket)
        // The container just closed is the outer one's member or element: not empty.
        containerIsEmpty = false
    }

    /// Appends a comma (`start` 0) or not (`start` 1), then a new line indented to `depth`:
    /// one copy from ``layoutBytes`` (a line is where most of the view's appends were).
    @inline(__always)
    private mutating func layout(from start: Int, depth: Int) {
        let end = 2 + 2 * depth
        guard end <= Self.layoutBytes.count else {
            if start == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
            return
        }
        Self.layoutBytes.withUnsafeBufferPointer { layout in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: layout[start..<end]))
        }
    }

    /// A comma, a new line, and the spaces of 31 levels of indentation.
    private static let layoutBytes: [UInt8] = Array(",\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 62)
    private static let nullText: [UInt8] = Array("null".utf8)
    private static let trueText: [UInt8] = Array("true".utf8)
    private static let falseText: [UInt8] = Array("false".utf8)
}
