import Events

/// A typed value for one named placeholder of a message. The renderer formats it for the
/// locale it is given (``MessageRenderer``); code never turns a value into display text
/// itself.
///
/// In JSON an argument is an object with one key naming its kind:
/// `{"integer":78}`, `{"number":1.5}`, `{"minutes":418}`, `{"timeOfDay":"23:50"}`,
/// `{"date":"2026-11-30"}`, `{"text":"…"}`, `{"message":{"id":…,"arguments":{…}}}`.
///
/// The template decides how an argument is shown (`{score, number}`, `{asleep, duration}`);
/// ``type`` is the kind of value each case is (`replay-tool messages` lists them).
public indirect enum MessageArgument: Sendable, Hashable, Codable {
    /// A whole number, formatted with the locale's digits and grouping ("1,234", "1.234",
    /// "١٬٢٣٤").
    case integer(Int)
    /// A number that may have a fraction, shown with at most 3 fraction digits ("1.5").
    case number(Double)
    /// A duration in whole minutes, formatted as hours and minutes in the locale's words
    /// ("7 hours, 12 minutes", "7 Stunden und 12 Minuten").
    case minutes(Int)
    /// A wall-clock time, formatted in the locale's hour cycle ("11:50 PM", "23:50").
    case timeOfDay(TimeOfDay)
    /// A calendar date, formatted with weekday, month and day in the locale's order
    /// ("Monday, November 30", "Montag, 30. November").
    case date(LocalDate)
    /// Text shown as it is: a name the person typed, never a sentence fragment built in code.
    case text(String)
    /// Another message, rendered in the same language and placed as text: a name the library
    /// translates (a reminder's title, a science claim).
    case message(Message)

    private enum CodingKeys: String, CodingKey {
        case integer, number, minutes, timeOfDay, date, text, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "A message argument is an object with exactly one of the keys integer, number, minutes, timeOfDay, date, text, message"
            ))
        }
        switch key {
        case .integer:
            self = .integer(try container.decode(Int.self, forKey: key))
        case .number:
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a number must be finite")
            }
            self = .number(value)
        case .minutes:
            self = .minutes(try container.decode(Int.self, forKey: key))
        case .timeOfDay:
            let text = try container.decode(String.self, forKey: key)
            do {
                self = .timeOfDay(try TimeOfDay(text: text))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(text) is not a time of day HH:mm")
            }
        case .date:
            let text = try container.decode(String.self, forKey: key)
            do {
                self = .date(try LocalDate(iso: text))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(text) is not a date YYYY-MM-DD")
            }
        case .text:
            self = .text(try container.decode(String.self, forKey: key))
        case .message:
            self = .message(try container.decode(Message.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .number(let value): try container.encode(value, forKey: .number)
        case .minutes(let value): try container.encode(value, forKey: .minutes)
        case .timeOfDay(let value): try container.encode(value.text, forKey: .timeOfDay)
        case .date(let value): try container.encode(value.iso, forKey: .date)
        case .text(let value): try container.encode(value, forKey: .text)
        case .message(let value): try container.encode(value, forKey: .message)
        }
    }
}

extension MessageArgument {
    /// The kind of value this is: integers and numbers are `number`, minutes `duration`,
    /// times of day `time`, dates `date`, text `string`.
    public var type: MessageArgumentType {
        switch self {
        case .integer, .number: return .number
        case .minutes: return .duration
        case .timeOfDay: return .time
        case .date: return .date
        case .text, .message: return .string
        }
    }

    /// The number, for `number`, `plural` and `selectordinal`; `nil` for other kinds.
    var decimal: DecimalText? {
        switch self {
        case .integer(let value): return DecimalText(value)
        case .number(let value): return DecimalText(value)
        default: return nil
        }
    }
}
