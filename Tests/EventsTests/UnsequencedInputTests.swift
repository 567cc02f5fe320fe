import Events
import Testing

/// A writer's input (`replay-tool append`, a front end in another language): one whole event
/// a line, no blank line, a listed source; the first line that breaks a rule is named.
struct UnsequencedInputTests {
    static func line(_ id: String, source: String = "phone") -> String {
        #"{"id":"\#(id)","type":"wentToBed","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","source":"\#(source)","data":{"night":"2026-11-30"}}"#
    }

    @Test func linesBecomeEventsInOrderTheLastMayLackItsNewline() throws {
        let events = try UnsequencedInput.parse(Array((Self.line("a") + "\n" + Self.line("b")).utf8)).get()
        #expect(events.map(\.id) == ["a", "b"])
        #expect(try UnsequencedInput.parse([]).get().isEmpty)
    }

    @Test(arguments: [
        (line("a") + "\n\n" + line("b") + "\n", 2, "blank line: one JSON event a line, no blank lines"),
        (line("a") + "\n" + line("b", source: "fridge") + "\n", 2, "key 'source': 'fridge' is not a source of the log format; expected one of "),
        ("{\"seq\":1}\n", 1, ""),
    ] as [(String, Int, String)])
    func theFirstBrokenLineIsNamed(input: String, line: Int, message: String) {
        guard case .failure(let failure) = UnsequencedInput.parse(Array(input.utf8)) else {
            Issue.record("accepted: \(input)")
            return
        }
        #expect(failure.line == line)
        #expect(failure.message.hasPrefix(message), "\(failure.message)")
    }
}
