import EventLogFile
import Events
import Foundation
import FrontEnd
import Projections
import Store
import Testing
import TestSupport

/// Previews and tests without a disk: a store and a model opened from a bundled JSON-lines
/// fixture at a fixed instant, the clock and the zone injected.
@MainActor
@Suite struct PreviewTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl")

    @Test("a log from JSON-lines text holds the file's events, seqs and batches: it folds to the file's state")
    func jsonLinesFoldLikeTheFile() async throws {
        let text = try String(contentsOf: Self.sampleWeek, encoding: .utf8)
        let memory = try InMemoryEventLog(jsonLines: text)
        let file = try FileEventLog(path: Self.sampleWeek.path, createIfMissing: false)
        #expect(memory.readAll() == (try file.read().events))
        let environment = StoreEnvironment(now: { Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0) }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "x" }, source: .phone)
        let fromMemory = try await MoreSleepStore.open(log: memory, environment: environment)
        let fromFile = try await MoreSleepStore.open(log: try InMemoryEventLog(try file.read().events.map(\.event)), environment: environment)
        #expect(await fromMemory.state == fromFile.state)
    }

    @Test("a line that does not decode is named, with why; nothing is read")
    func badLine() throws {
        let text = try String(contentsOf: Self.sampleWeek, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines[2] = "{\"seq\":3,\"not\":\"an event\"}"
        let error = #expect(throws: EventLogFileError.self) { try InMemoryEventLog(jsonLines: lines.joined(separator: "\n")) }
        #expect(error?.code == .invalidLine)
        #expect(error?.line == 3)
        #expect(error?.message.hasSuffix("nothing was read") == true)
    }

    @Test("a model opened on a fixture at a fixed instant shows what the state says then")
    func modelOnAFixture() async throws {
        let text = try String(contentsOf: Self.sampleWeek, encoding: .utf8)
        let log = try InMemoryEventLog(jsonLines: text)
        let last = try #require(log.readAll().last?.at)
        // An evening of the week: 21:45 on the day before the last line's.
        let evening = try Instant(rfc3339: "\(LocalDate(daysSince1970: Int(last.millisecondsSince1970 / 86_400_000) - 1).iso)T21:45:00+01:00")
        let clock = ManualClock(start: evening)
        let store = try await MoreSleepStore.open(
            log: log, environment: StoreEnvironment(now: { clock.now() }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "preview" }, source: .phone))
        let model = await MoreSleepModel(store: store, clock: clock)
        let state = await store.state
        #expect(model.asOf == evening)
        #expect(model.tonight == state.tonight(at: evening)?.stepped)
        #expect(model.sleepDebt == state.sleepDebt(at: evening))
        #expect(model.nextChange == state.nextChange(after: evening))
    }
}
