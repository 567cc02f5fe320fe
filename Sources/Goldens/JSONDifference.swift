import StrictJSON

/// One field that differs between two JSON views, named by its path from the root
/// (`plans[3].bedtime`), with its value in each (`nil` where the field is missing).
public struct JSONDifference: Sendable, Hashable, CustomStringConvertible {
    /// The field's path: keys joined by `.`, array elements as `[index]` (`$` is the root).
    public var path: String
    /// The field's JSON text in the golden, or `nil` when the golden lacks it.
    public var expected: String?
    /// Its JSON text now, or `nil` when it is gone.
    public var actual: String?

    /// `path: expected → actual` (`(absent)` for a missing side), one line.
    public var description: String {
        "\(path): \(expected ?? "(absent)") → \(actual ?? "(absent)")"
    }

    /// The fields that differ between the JSON texts `expected` and `actual`, in the order
    /// they appear; a text that is not JSON differs as a whole (path `$`).
    public static func between(expected: String, actual: String) -> [JSONDifference] {
        guard let left = try? JSONParser.parse(expected), let right = try? JSONParser.parse(actual) else {
            return expected == actual ? [] : [JSONDifference(path: "$", expected: expected, actual: actual)]
        }
        return between(left, right)
    }

    /// The fields that differ between two parsed JSON values, in the order they appear.
    package static func between(_ expected: JSONValue, _ actual: JSONValue) -> [JSONDifference] {
        var differences: [JSONDifference] = []
        compare(expected, actual, at: "", into: &differences)
        return differences
    }

    private static func compare(_ left: JSONValue, _ right: JSONValue, at path: String, into differences: inout [JSONDifference]) {
        switch (left, right) {
        case (.object(let leftObject), .object(let rightObject)):
            let rightKeys = Set(rightObject.members.map(\.key))
            for member in leftObject.members {
                let child = path.isEmpty ? member.key : path + "." + member.key
                if let other = rightObject[member.key] {
                    compare(member.value, other, at: child, into: &differences)
                } else {
                    differences.append(JSONDifference(path: child, expected: text(member.value), actual: nil))
                }
            }
            let leftKeys = Set(leftObject.members.map(\.key))
            for member in rightObject.members where !leftKeys.contains(member.key) && rightKeys.contains(member.key) {
                differences.append(JSONDifference(path: path.isEmpty ? member.key : path + "." + member.key, expected: nil, actual: text(member.value)))
            }
        case (.array(let leftElements), .array(let rightElements)):
            for index in 0..<max(leftElements.count, rightElements.count) {
                let child = "\(path.isEmpty ? "$" : path)[\(index)]"
                switch (index < leftElements.count ? leftElements[index] : nil, index < rightElements.count ? rightElements[index] : nil) {
                case (let old?, let new?): compare(old, new, at: child, into: &differences)
                case (let old?, nil): differences.append(JSONDifference(path: child, expected: text(old), actual: nil))
                case (nil, let new?): differences.append(JSONDifference(path: child, expected: nil, actual: text(new)))
                case (nil, nil): break
                }
            }
        default:
            if left != right { differences.append(JSONDifference(path: path.isEmpty ? "$" : path, expected: text(left), actual: text(right))) }
        }
    }

    /// A value as one line of compact JSON.
    static func text(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        JSONWriter.write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
