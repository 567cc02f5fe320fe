import Events
import Projections
import StrictJSON

/// Writes a ``JSONValue`` as pretty-printed, byte-stable UTF-8 JSON: the form `replay-tool
/// show --json` prints (docs/json-view.md).
///
/// The output is a function of the value alone:
/// - two spaces of indentation a level, one member or element a line, `"key": value` with
///   one space after the colon;
/// - an empty array is `[]` and an empty object `{}`, on the line of their key;
/// - object members in their stored order, duplicates included (never sorted);
/// - numbers as their literal text (``JSONNumber/literal``), so `0.6000` stays `0.6000`;
/// - strings escaped exactly as ``JSONWriter`` escapes them (`"`, `\` and control
///   characters only; `/` and non-ASCII are written raw);
/// - a single `\n` at the end.
///
/// `JSONEncoder` is not used: it does not keep key order and escapes `/`
/// (docs/platform-notes.md).
package enum JSONViewWriter {
    /// The indentation of one level.
    package static let indentation = "  "

    /// The pretty-printed text of `value`, ending with one newline.
    package static func prettyText(_ value: JSONValue) -> String {
        String(decoding: prettyBytes(value), as: UTF8.self)
    }

    /// The pretty-printed UTF-8 bytes of `value`, ending with one newline.
    package static func prettyBytes(_ value: JSONValue) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        write(value, depth: 0, into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        return buffer
    }

    /// Appends `value` at nesting `depth` (its first line is already indented). Every
    /// byte goes straight into `buffer`: no array or string is made on the way.
    private static func write(_ value: JSONValue, depth: Int, into buffer: inout [UInt8]) {
        switch value {
        case .null, .bool, .number, .string:
            JSONWriter.write(value, into: &buffer)
        case .array(let elements):
            guard !elements.isEmpty else {
                buffer.append(UInt8(ascii: "["))
                buffer.append(UInt8(ascii: "]"))
                return
            }
            buffer.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                newline(depth: depth + 1, into: &buffer)
                write(element, depth: depth + 1, into: &buffer)
            }
            newline(depth: depth, into: &buffer)
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                buffer.append(UInt8(ascii: "{"))
                buffer.append(UInt8(ascii: "}"))
                return
            }
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                newline(depth: depth + 1, into: &buffer)
                JSONWriter.writeString(member.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                buffer.append(UInt8(ascii: " "))
                write(member.value, depth: depth + 1, into: &buffer)
            }
            newline(depth: depth, into: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// A newline and the indentation of `depth` levels (``indentation`` each).
    @inline(__always)
    private static func newline(depth: Int, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentation.utf8.count))
    }
}
