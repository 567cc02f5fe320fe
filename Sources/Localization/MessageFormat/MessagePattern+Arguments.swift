/// The kind of value a message's argument takes, as `replay-tool messages --json` names it.
public enum MessageArgumentType: String, Sendable, Hashable, CaseIterable {
    /// A number: `{n, number}`, and every argument `plural` or `selectordinal` reads.
    case number
    /// A calendar date: `{d, date, ::…}`.
    case date
    /// A time of day: `{t, time, …}`.
    case time
    /// A length of time: `{d, duration}`.
    case duration
    /// Text: `{name}` or a `select` key.
    case string
}

extension MessagePattern {
    /// Each argument the message uses, once, in order of first use, with the type of value
    /// it takes: a typed use (number, date, time, duration, plural) decides over a plain
    /// `{name}` or a `select`; an argument used with two different typed formats is an error.
    public func arguments() throws(MessagePatternError) -> [(name: String, type: MessageArgumentType)] {
        var order: [String] = []
        var types: [String: MessageArgumentType] = [:]
        var typed: Set<String> = []
        func note(_ name: String, _ type: MessageArgumentType, isTyped: Bool) throws(MessagePatternError) {
            if types[name] == nil { order.append(name) }
            if isTyped {
                if typed.contains(name), let earlier = types[name], earlier != type {
                    throw MessagePatternError(offset: 0, reason: "the argument \(name) is used as a \(earlier.rawValue) and as a \(type.rawValue)")
                }
                typed.insert(name)
                types[name] = type
            } else if types[name] == nil {
                types[name] = type
            }
        }
        func walk(_ nodes: [Node]) throws(MessagePatternError) {
            for node in nodes {
                switch node {
                case .text, .pound:
                    break
                case .argument(let name, let format):
                    switch format {
                    case .plain: try note(name, .string, isTyped: false)
                    case .number, .integer: try note(name, .number, isTyped: true)
                    case .date: try note(name, .date, isTyped: true)
                    case .time: try note(name, .time, isTyped: true)
                    case .duration: try note(name, .duration, isTyped: true)
                    }
                case .plural(let name, _, _, let branches):
                    try note(name, .number, isTyped: true)
                    for branch in branches { try walk(branch.message) }
                case .select(let name, let branches):
                    try note(name, .string, isTyped: false)
                    for branch in branches { try walk(branch.message) }
                }
            }
        }
        try walk(nodes)
        return order.map { ($0, types[$0] ?? .string) }
    }
}
