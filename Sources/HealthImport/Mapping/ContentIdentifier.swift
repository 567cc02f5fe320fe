import Events
import StrictJSON

/// The id of an imported Health record, derived from its content so that importing the
/// same export twice, or a later export that overlaps, yields the same ids (and the log's
/// idempotent appends add nothing twice).
///
/// The id is the first 128 bits of SHA-256 over the record's **canonical text**, UTF-8:
///
///     health-import-v1|<type>|<value>|<start ms>|<end ms>|<sourceName>
///
/// - `<type>`: the record's `type` attribute, e.g. `HKCategoryTypeIdentifierSleepAnalysis`.
/// - `<value>`: for sleep, the stage as the log writes it (`inBed`, `asleep`, `awake`,
///   `core`, `deep`, `rem`), so the legacy `HKCategoryValueSleepAnalysisAsleep` of older
///   exports and the `…AsleepUnspecified` of newer ones (the same HealthKit value, renamed)
///   give one id; for a vital, the number as the log writes it (`JSONNumber`: `62`, not
///   `62.0`; `0.96`).
/// - `<start ms>`, `<end ms>`: the instants in milliseconds since 1970-01-01T00:00:00Z,
///   decimal, `-` before 1970. Never the printed offsets, which change from one export to
///   the next.
/// - `<sourceName>`: the `sourceName` attribute after entity decoding, byte for byte (no
///   Unicode normalization). It is last, so a `|` inside it cannot make two texts equal.
///
/// The 128 bits are written as a UUID (8-4-4-4-12 lowercase hex) with the RFC 9562
/// version 8 ("custom") and variant bits set, so 122 bits come from the hash. The text's
/// `v1` changes if the recipe ever does; ids made by one version never change.
public enum ContentIdentifier {
    /// The first field of the canonical text.
    public static let recipeVersion = "health-import-v1"

    /// The canonical text of a record (see the type's documentation).
    public static func canonicalText(type: String, value: String, start: Instant, end: Instant, sourceName: String) -> String {
        "\(recipeVersion)|\(type)|\(value)|\(start.millisecondsSince1970)|\(end.millisecondsSince1970)|\(sourceName)"
    }

    /// The id of a record: the UUID-shaped first 128 bits of SHA-256 of its canonical text.
    public static func identifier(type: String, value: String, start: Instant, end: Instant, sourceName: String) -> String {
        identifier(canonicalText: canonicalText(type: type, value: value, start: start, end: end, sourceName: sourceName))
    }

    /// The UUID-shaped first 128 bits of SHA-256 of `canonicalText`'s UTF-8 bytes.
    public static func identifier(canonicalText: String) -> String {
        var bytes = Array(SHA256.hash(canonicalText).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                text.append(UInt8(ascii: "-"))
            }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
