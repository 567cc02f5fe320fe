/// The sample numbers CLDR lists after a rule (`@integer 0, 2~16, 100, … @decimal 0.0~1.5`):
/// each number the rule must take. Ranges are listed one number at a time, in steps of the
/// ends' last digit (`0.0~1.5` is 0.0, 0.1, …, 1.5); the closing `…` (more numbers like
/// these) is noted and otherwise skipped.
public struct PluralSamples: Sendable, Hashable {
    /// The integer samples, as written.
    public let integers: [String]
    /// The decimal samples, as written (`1.0`, `1.0000001c6`).
    public let decimals: [String]
    /// Whether the list goes on (`…`).
    public let isOpenEnded: Bool

    /// The condition part of a rule: the text before its first `@`.
    static func condition(of rule: String) -> String {
        String(rule.prefix { $0 != "@" })
    }

    /// The samples of a rule as CLDR writes it (its condition is skipped).
    public init(rule: String) throws(PluralRuleError) {
        var integers: [String] = []
        var decimals: [String] = []
        var openEnded = false
        let sampleText = rule.drop { $0 != "@" }
        for section in sampleText.split(separator: "@") {
            let words = section.split(separator: " ", maxSplits: 1)
            guard let kind = words.first else { continue }
            let list = words.count > 1 ? words[1] : ""
            var values: [String] = []
            for item in list.split(separator: ",") {
                let entry = item.trimmingCharacters(in: " ")
                if entry.isEmpty { continue }
                if entry == "…" || entry == "..." {
                    openEnded = true
                    continue
                }
                let ends = entry.split(separator: "~")
                guard ends.count == 1 || ends.count == 2 else {
                    throw PluralRuleError(text: rule, offset: 0, reason: "the sample “\(entry)” is not a number or a range")
                }
                if ends.count == 1 {
                    guard PluralOperands(String(ends[0])) != nil else {
                        throw PluralRuleError(text: rule, offset: 0, reason: "the sample “\(entry)” is not a number")
                    }
                    values.append(String(ends[0]))
                } else {
                    values.append(contentsOf: try Self.expand(String(ends[0]), String(ends[1]), rule: rule))
                }
            }
            switch kind {
            case "integer": integers.append(contentsOf: values)
            case "decimal": decimals.append(contentsOf: values)
            default: throw PluralRuleError(text: rule, offset: 0, reason: "samples are @integer or @decimal, not @\(kind)")
            }
        }
        self.integers = integers
        self.decimals = decimals
        self.isOpenEnded = openEnded
    }

    /// Every number from `low` to `high` in steps of their last digit (both ends must have
    /// as many fraction digits).
    private static func expand(_ low: String, _ high: String, rule: String) throws(PluralRuleError) -> [String] {
        let lowParts = low.split(separator: ".")
        let highParts = high.split(separator: ".")
        let digits = lowParts.count == 2 ? lowParts[1].count : 0
        guard lowParts.count == highParts.count, (highParts.count == 2 ? highParts[1].count : 0) == digits,
              let start = Int(low.filter { $0 != "." }), let end = Int(high.filter { $0 != "." }), start <= end, end - start <= 10_000 else {
            throw PluralRuleError(text: rule, offset: 0, reason: "the sample range \(low)~\(high) is not a range of numbers written alike")
        }
        return (start...end).map { value in
            guard digits > 0 else { return String(value) }
            var text = String(value)
            while text.count <= digits { text = "0" + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
            return text
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
