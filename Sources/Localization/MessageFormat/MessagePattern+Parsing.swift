extension MessagePattern {
    /// The skeletons `{name, date, ::…}` accepts (the data for each shipped language is in
    /// `LocaleFormats`).
    public static let dateSkeletons: Set<String> = ["EEEEMMMMd", "MMMMd", "EEEE"]
    /// The skeletons `{name, time, ::…}` accepts (`short` is `jmm`).
    public static let timeSkeletons: Set<String> = ["jmm"]

    /// Parses `text`. Every error names the character offset and what was expected.
    public init(parsing text: String) throws(MessagePatternError) {
        var parser = MessagePatternParser(Array(text))
        let nodes = try parser.message(inPlural: false, nested: false)
        guard parser.atEnd else { throw parser.failure("a } without its {") }
        self.nodes = nodes
    }
}

/// A recursive-descent reader of ICU MessageFormat over a template's characters.
struct MessagePatternParser {
    private let characters: [Character]
    private var index = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    var atEnd: Bool { index == characters.count }

    func failure(_ reason: String, at offset: Int? = nil) -> MessagePatternError {
        MessagePatternError(offset: offset ?? index, reason: reason)
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    /// Message text and arguments up to the end, or (when `nested`) up to the `}` that
    /// closes a branch, which is left for the caller. `#` is the number when `inPlural`.
    mutating func message(inPlural: Bool, nested: Bool) throws(MessagePatternError) -> [MessagePattern.Node] {
        var nodes: [MessagePattern.Node] = []
        var text = ""
        func flush() {
            if !text.isEmpty { nodes.append(.text(text)); text = "" }
        }
        while let character = current {
            switch character {
            case "'":
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if next == "'" {
                    text.append("'")
                    index += 2
                } else if let next, next == "{" || next == "}" || (inPlural && next == "#") {
                    // A quoted literal up to the next single apostrophe ('' inside is one).
                    let start = index
                    index += 1
                    var closed = false
                    while let quoted = current {
                        if quoted == "'" {
                            if index + 1 < characters.count, characters[index + 1] == "'" {
                                text.append("'")
                                index += 2
                                continue
                            }
                            index += 1
                            closed = true
                            break
                        }
                        text.append(quoted)
                        index += 1
                    }
                    // ICU reads an unclosed quote to the end of the message; so do we, but a
                    // nested message would lose its closing brace: refuse that.
                    if !closed, nested { throw failure("a quote opened here is never closed", at: start) }
                } else {
                    text.append("'")
                    index += 1
                }
            case "{":
                flush()
                nodes.append(try argument(inPlural: inPlural))
            case "}":
                guard nested else { throw failure("a } without its { (quote it as '}')") }
                flush()
                return nodes
            case "#" where inPlural:
                flush()
                nodes.append(.pound)
                index += 1
            default:
                text.append(character)
                index += 1
            }
        }
        if nested { throw failure("a branch's { is never closed") }
        flush()
        return nodes
    }

    private mutating func skipSpaces() {
        while let character = current, character.isWhitespace { index += 1 }
    }

    /// An argument name as ICU reads one: letters, digits and `_` (ICU's identifiers exclude
    /// pattern syntax and white space), or an argument number (ASCII digits only).
    private mutating func name() throws(MessagePatternError) -> String {
        skipSpaces()
        let start = index
        while let character = current, character == "_" || (character.isASCII ? (character.isLetter || character.isNumber) : (character.isLetter || character.isNumber)) {
            index += 1
        }
        guard index > start else { throw failure("expected an argument name (letters, digits or _)") }
        let name = String(characters[start..<index])
        if let first = name.first, first.isASCIIDigit, !name.allSatisfy(\.isASCIIDigit) {
            throw failure("an argument number has digits only; a name starts with a letter", at: start)
        }
        skipSpaces()
        return name
    }

    /// A keyword (letters, digits, `_`, `-`, `:` for `offset:`).
    private mutating func word() -> String {
        skipSpaces()
        let start = index
        while let character = current, character.isLetter || character.isNumber || character == "_" || character == "-" || character == ":" {
            index += 1
        }
        let word = String(characters[start..<index])
        skipSpaces()
        return word
    }

    private mutating func expect(_ character: Character, _ what: String) throws(MessagePatternError) {
        skipSpaces()
        guard current == character else { throw failure("expected \(what)") }
        index += 1
    }

    /// `{` already seen: a simple or complex argument up to its `}`.
    private mutating func argument(inPlural: Bool) throws(MessagePatternError) -> MessagePattern.Node {
        let open = index
        index += 1
        let argumentName = try name()
        if current == "}" {
            index += 1
            return .argument(name: argumentName, format: .plain)
        }
        try expect(",", "a , or } after the argument name")
        skipSpaces()
        let typeStart = index
        let type = word()
        switch type {
        case "plural", "selectordinal":
            try expect(",", "a , after \(type)")
            return try pluralArgument(name: argumentName, ordinal: type == "selectordinal")
        case "select":
            try expect(",", "a , after select")
            return try selectArgument(name: argumentName)
        case "number", "date", "time", "duration":
            var style: String?
            skipSpaces()
            if current == "," {
                index += 1
                skipSpaces()
                let styleStart = index
                while let character = current, character != "}" { index += 1 }
                style = String(characters[styleStart..<index]).trimmingSpaces
            }
            try expect("}", "the } that closes the argument opened at character \(open)")
            return .argument(name: argumentName, format: try format(type: type, style: style, at: typeStart))
        case "":
            throw failure("expected an argument type (number, date, time, duration, plural, selectordinal or select)")
        default:
            throw failure("the argument type \(type) is not one this library formats (number, date, time, duration, plural, selectordinal, select)", at: typeStart)
        }
    }

    private func format(type: String, style: String?, at offset: Int) throws(MessagePatternError) -> MessagePattern.ArgumentFormat {
        switch (type, style) {
        case ("number", nil): return .number
        case ("number", "integer"): return .integer
        case ("duration", nil): return .duration
        case ("time", "short"): return .time(skeleton: "jmm")
        case ("time", let style?) where style.hasPrefix("::") && MessagePattern.timeSkeletons.contains(String(style.dropFirst(2))):
            return .time(skeleton: String(style.dropFirst(2)))
        case ("date", let style?) where style.hasPrefix("::") && MessagePattern.dateSkeletons.contains(String(style.dropFirst(2))):
            return .date(skeleton: String(style.dropFirst(2)))
        case ("number", let style?):
            throw failure("the number style \(style) is not supported (none, or integer)", at: offset)
        case ("date", _):
            throw failure("a date needs a skeleton: ::\(MessagePattern.dateSkeletons.sorted().joined(separator: ", ::"))", at: offset)
        case ("time", _):
            throw failure("a time needs the style short or a skeleton: ::\(MessagePattern.timeSkeletons.sorted().joined(separator: ", ::"))", at: offset)
        default:
            throw failure("the \(type) argument takes no style", at: offset)
        }
    }

    private mutating func pluralArgument(name: String, ordinal: Bool) throws(MessagePatternError) -> MessagePattern.Node {
        var offset = 0
        var branches: [MessagePattern.PluralBranch] = []
        var seen = Set<MessagePattern.PluralBranch.Selector>()
        skipSpaces()
        if characters[index...].starts(with: Array("offset:")) {
            index += "offset:".count
            skipSpaces()
            offset = try number()
        }
        while true {
            skipSpaces()
            guard let character = current else { throw failure("the plural argument is never closed") }
            if character == "}" {
                index += 1
                break
            }
            let selectorStart = index
            let selector: MessagePattern.PluralBranch.Selector
            if character == "=" {
                index += 1
                selector = .exactly(try number())
            } else {
                let keyword = word()
                guard let category = PluralCategory(rawValue: keyword) else {
                    throw failure(keyword.isEmpty ? "expected a plural selector (=N, zero, one, two, few, many or other)" : "\(keyword) is not a plural category (zero, one, two, few, many, other)", at: selectorStart)
                }
                selector = .category(category)
            }
            guard seen.insert(selector).inserted else { throw failure("this selector appears twice", at: selectorStart) }
            try expect("{", "a { to open the branch")
            let message = try self.message(inPlural: true, nested: true)
            index += 1
            branches.append(MessagePattern.PluralBranch(selector: selector, message: message))
        }
        guard seen.contains(.category(.other)) else { throw failure("a plural argument needs an other branch") }
        return .plural(name: name, ordinal: ordinal, offset: offset, branches: branches)
    }

    private mutating func selectArgument(name: String) throws(MessagePatternError) -> MessagePattern.Node {
        var branches: [MessagePattern.SelectBranch] = []
        var seen = Set<String>()
        while true {
            skipSpaces()
            guard let character = current else { throw failure("the select argument is never closed") }
            if character == "}" {
                index += 1
                break
            }
            let keyStart = index
            let key = word()
            guard !key.isEmpty else { throw failure("expected a select key") }
            guard seen.insert(key).inserted else { throw failure("the key \(key) appears twice", at: keyStart) }
            try expect("{", "a { to open the branch")
            let message = try self.message(inPlural: false, nested: true)
            index += 1
            branches.append(MessagePattern.SelectBranch(key: key, message: message))
        }
        guard seen.contains("other") else { throw failure("a select argument needs an other branch") }
        return .select(name: name, branches: branches)
    }

    /// An optionally signed whole number.
    private mutating func number() throws(MessagePatternError) -> Int {
        skipSpaces()
        let start = index
        if current == "-" { index += 1 }
        while let character = current, character.isASCIIDigit { index += 1 }
        guard let value = Int(String(characters[start..<index])) else {
            index = start
            throw failure("expected a whole number")
        }
        skipSpaces()
        return value
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension MessagePattern {
    /// `text` as a template that shows it exactly, in a message or a plural branch: each
    /// apostrophe doubled, and `{`, `}` and `#` quoted.
    public static func quoting(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "'": output += "''"
            case "{", "}", "#": output += "'\(character)'"
            default: output.append(character)
            }
        }
        return output
    }
}
