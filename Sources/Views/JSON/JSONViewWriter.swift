import Events
import Projections
import StrictJSON

/// Writes a ``JSONValue`` as pretty-printed, byte-stable UTF-8 JSON: the form `replay-tool
/// show --json` prints (docs/json-view.md), made by ``PrettyJSONEmitter`` as the view itself
/// is, so a value read back from a view writes the view's bytes again.
///
/// The output is a function of the value alone: object members in their stored order,
/// duplicates included (never sorted); numbers as their literal text (``JSONNumber/literal``);
/// a single `\n` at the end.
///
/// `JSONEncoder` is not used: it does not keep key order and escapes `/`
/// (docs/platform-notes.md).
package enum JSONViewWriter {
    /// The pretty-printed text of `value`, ending with one newline.
    package static func prettyText(_ value: JSONValue) -> String {
        String(decoding: prettyBytes(value), as: UTF8.self)
    }

    /// The pretty-printed UTF-8 bytes of `value`, ending with one newline.
    package static func prettyBytes(_ value: JSONValue) -> [UInt8] {
        var out = PrettyJSONEmitter()
        out.value(value)
        return out.finishedDocument()
    }
}
