import Foundation
import Testing
import TestSupport

import Events
import StrictJSON

/// The JSONTestSuite corpus (see JSONParserTests) placed as the value of an unknown payload
/// field, `"data":{"night":"2026-11-30","x":CASE}`, of an otherwise valid log line:
///
/// - `n_` → the line is refused with an error (the whole line is at fault: `key` is `nil`,
///   the message says "invalid JSON", or names the NUL byte);
/// - `y_` → the line is read and the value is kept in `additionalPayloadFields["x"]`;
/// - `i_` → read exactly when JSONParser accepts the case on its own (the documented list in
///   `JSONTestSuiteCorpus.implementationDefinedAccepted`): embedding changes nothing;
/// - a case holding a raw `\n` cannot be one line: it goes through the line splitter
///   (`FileEventLog.verify`, in EventLogFileTests) instead; here its split pieces are
///   each checked to be refused (none crashes, none is read as an event).
private enum PayloadLine {
    static let prefix = Array(
        (#"{"seq":1,"id":"id-1","type":"exitRequested","v":1,"at":"2026-11-30T21:40:00+01:00","#
            + #""tz":"Europe/Berlin","source":"phone","data":{"night":"2026-11-30","x":"#).utf8
    )
    static let suffix = Array("}}".utf8)

    static func embedding(_ value: [UInt8]) -> [UInt8] { prefix + value + suffix }
}

private enum Outcome: Equatable, CustomStringConvertible {
    case read
    case refused(key: String?, message: String)

    var description: String {
        switch self {
        case .read: return "read"
        case .refused(let key, let message): return "refused (key \(key ?? "nil")): \(message)"
        }
    }
}

private func decode(_ line: [UInt8]) -> (Outcome, RecordedEvent?) {
    var decoder = EventLineDecoder()
    do {
        let event = try decoder.decode(line: line)
        return (.read, event)
    } catch {
        return (.refused(key: error.key, message: error.description), nil)
    }
}

private func parserAccepts(_ bytes: [UInt8]) -> Bool {
    do {
        _ = try JSONParser.parse(bytes)
        return true
    } catch {
        return false
    }
}

@Suite("JSONTestSuite cases as a payload value")
struct JSONSuiteAsPayloadTests {
    @Test("the control line (x = null) is read")
    func controlLine() {
        let (outcome, event) = decode(PayloadLine.embedding(Array("null".utf8)))
        #expect(outcome == .read)
        #expect(event?.event.additionalPayloadFields["x"] == .null)
    }

    @Test("y_ read, n_ refused, i_ as the parser decides", arguments: JSONTestSuiteCorpus.fileNames)
    func caseAsPayload(_ name: String) throws {
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name) else { return }
        if bytes.contains(UInt8(ascii: "\n")) {
            // One line cannot hold it: every piece the splitter makes must be refused, or,
            // for a piece that is valid JSON on its own, must not be a whole event.
            let line = PayloadLine.embedding(bytes)
            let pieces = line.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            #expect(pieces.count >= 2)
            for piece in pieces {
                let (outcome, _) = decode(Array(piece))
                #expect(outcome != .read, "\(name): a split piece was read as an event")
            }
            return
        }
        let (outcome, event) = decode(PayloadLine.embedding(bytes))
        switch name.prefix(2) {
        case "y_":
            #expect(outcome == .read, "\(name): \(outcome)")
            #expect(event?.event.additionalPayloadFields["x"] != nil, "\(name): the value was not kept")
        case "n_":
            guard case .refused(let key, let message) = outcome else {
                Issue.record("\(name): an invalid value was read as a payload field")
                return
            }
            #expect(key == nil, "\(name): \(message)")
            #expect(message.contains("invalid JSON") || message.contains("NUL"), "\(name): \(message)")
        case "i_":
            #expect((outcome == .read) == parserAccepts(bytes), "\(name): \(outcome)")
            #expect((outcome == .read) == JSONTestSuiteCorpus.implementationDefinedAccepted.contains(name), "\(name): \(outcome)")
        default:
            Issue.record("unexpected corpus file name \(name)")
        }
    }

    @Test("a y_ string case is read as the value of a known string field", arguments: JSONTestSuiteCorpus.acceptedFileNames.filter { $0.hasPrefix("y_string_") })
    func stringCaseAsKnownField(_ name: String) throws {
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name), !bytes.contains(UInt8(ascii: "\n")) else { return }
        // y_string_ cases are arrays holding one string: take the array's text and use it as `note`
        // is not possible without parsing; instead place the whole case as appTierAssigned's `app`,
        // which must be a string: an array there is a type error naming the key.
        let line = Array(
            (#"{"seq":1,"id":"id-1","type":"appTierAssigned","v":1,"at":"2026-11-30T21:40:00+01:00","#
                + #""tz":"Europe/Berlin","data":{"tier":"blockFirst","app":"#).utf8
        ) + bytes + Array("}}".utf8)
        let (outcome, _) = decode(line)
        guard case .refused(let key, _) = outcome else {
            // A bare string case (not wrapped in an array) is a valid app name.
            #expect(bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "\""), "\(name): \(outcome)")
            return
        }
        #expect(key == "data.app", "\(name): \(outcome)")
    }
}
