import Foundation
import Localization
import ReplayToolKit
import Testing
import TestSupport

/// `--locale` on the commands that print sentences.
struct LocaleOptionTests {
    static let exits = Golden.fixture("Exits/three-exits.jsonl").path
    static let week = Golden.fixture("SampleWeek/sample-week.jsonl").path

    @Test(arguments: [
        ("en", "Box breathing: in 4, hold 4, out 4, hold 4."),
        ("de", "Box-Atmung: 4 ein, 4 halten, 4 aus, 4 halten."),
        ("ar", "التنفس المربّع"),
    ])
    func showPrintsTheExitPromptInTheLanguage(_ locale: String, _ prompt: String) {
        let run = ToolRun.run(["show", Self.exits, "--at", "2026-11-30T21:00:30+01:00", "--locale", locale])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("attempt 2, waiting"))
        #expect(run.output.contains(prompt), "\(run.output)")
    }

    @Test func theJSONViewStaysEnglishAndRefusesALocale() {
        let run = ToolRun.run(["show", Self.exits, "--json", "--locale", "de"])
        #expect(run.code == .usage)
        #expect(run.error.contains("--locale is for the text form"))
        #expect(run.output.isEmpty)
    }

    @Test func scoresPrintEachNightsMorningSummaryInTheLanguage() {
        let german = ToolRun.run(["scores", Self.week, "--locale", "de"])
        #expect(german.code == .success)
        #expect(german.output.contains("Morgenzusammenfassungen (de):\n2026-11-30  Schlafwert 92. Tiefschlaf 65 von 60 Min. Die Dauer hat am meisten gekostet: 5 Punkte.\n"), "\(german.output)")
        let arabic = ToolRun.run(["scores", Self.week, "--locale", "ar"])
        #expect(arabic.output.contains("2026-12-02  الدرجة: \u{2068}٩٥\u{2069}."), "\(arabic.output)")
        #expect(arabic.output.contains("نقطتان"), "the dual: two points")
        let latin = ToolRun.run(["scores", Self.week, "--locale", "ar-u-nu-latn"])
        #expect(latin.output.contains("الدرجة: \u{2068}95\u{2069}."))
    }

    @Test(arguments: [["scores"], ["show"], ["report"], ["messages"]])
    func aLanguageNotShippedIsAUsageError(_ command: [String]) {
        let log = command == ["messages"] ? [] : [Self.week]
        let run = ToolRun.run(command + log + ["--locale", "fr"])
        #expect(run.code == .usage)
        #expect(run.error.contains("--locale 'fr' is not a shipped language: use en, de or ar"))
        #expect(run.output.isEmpty)
    }

    @Test func messagesListsEachMessageWithItsTemplateAndTypedArguments() throws {
        let run = ToolRun.run(["messages", "--json", "--locale", "ar"])
        #expect(run.code == .success)
        let entries = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
        let list = try #require(entries)
        #expect(list.count == MessageID.all.count, "every message the library uses")
        let recovery = try #require(list.first { $0["id"] as? String == "voice.debt.recovery.nights" })
        #expect((recovery["template"] as? String)?.contains("zero {") == true)
        let arguments = try #require(recovery["arguments"] as? [[String: String]])
        #expect(arguments == [["name": "nights", "type": "number"]])
        let text = ToolRun.run(["messages", "--locale", "de"])
        #expect(text.output.contains("voice.lastNight\n  Letzte Nacht bist du um {onset, time, ::jmm} eingeschlafen"))
        #expect(text.output.contains("  arguments: onset (time), asleep (duration), score (number)\n"))
    }

    @Test func renderReadsEachArgumentAsItsTemplateTypesIt() {
        let run = ToolRun.run(["messages", "render", "voice.nightsAgo", "--locale", "en-GB",
                               "date=2026-11-30T23:50:00+01:00", "onset=2026-11-30T23:50:00+01:00", "asleep=25140", "score=78"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output == "On the night of Monday, 30 November, you fell asleep at 23:50 and slept 6 hours, 59 minutes, with a score of 78.\n")
        let isolated = ToolRun.run(["messages", "render", "summary.score", "--locale", "ar", "score=78"])
        #expect(isolated.output == "الدرجة: \u{2068}٧٨\u{2069}.\n")
        let bare = ToolRun.run(["messages", "render", "summary.score", "--locale", "ar", "score=78", "--no-isolation"])
        #expect(bare.output == "الدرجة: ٧٨.\n")
    }

    @Test(arguments: [
        (["messages", "render", "summary.score"], "needs a value for 'score'"),
        (["messages", "render", "summary.score", "score=many"], "'many' is not a number for 'score'"),
        (["messages", "render", "summary.score", "score=1", "points=2"], "summary.score has no argument 'points'; its arguments: score"),
        (["messages", "render", "summary.score", "score=1", "score=2"], "'score' is given twice"),
        (["messages", "render", "no.such"], "There is no message 'no.such'"),
        (["messages", "render"], "render needs a message id"),
        (["messages", "draw"], "the only action is render"),
        (["messages", "render", "summary.score", "score=1", "--json"], "--json is for the list"),
        (["messages", "--no-isolation"], "--no-isolation is for render"),
        (["messages", "render", "voice.debt.some", "debt=1.5"], "'1.5' is not a duration"),
    ])
    func aBadRenderIsAUsageErrorThatSaysWhat(_ arguments: [String], _ words: String) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.error.contains(words), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func theReportsStatusLinesAreInTheLanguage() {
        let german = ToolRun.run(["report", Self.week, "--from", "2020-01-01", "--to", "2020-01-01", "--locale", "de"])
        #expect(german.code == .success)
        #expect(german.output == "Die Nacht 2020-01-01 ist nicht im Protokoll (die Nächte des Protokolls reichen von 2026-11-30 bis 2026-12-06): nichts zu berichten.\n")
        let arabic = ToolRun.run(["report", Self.week, "--from", "2020-01-01", "--to", "2020-01-02", "--locale", "ar"])
        #expect(arabic.output.hasPrefix("الليالي من \u{2068}2020-01-01\u{2069} إلى \u{2068}2020-01-02\u{2069} ليست في السجل"), "\(arabic.output)")
    }
}
