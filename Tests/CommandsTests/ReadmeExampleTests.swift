import Commands
import EventLogFile
import Events
import Testing

/// The README's "Embedding the store" example, compiled and run against an in-memory log,
/// so the documented way to embed the store keeps working.
struct ReadmeExampleTests {
    @Test func embeddingExampleWorks() async throws {
        let tonight = try LocalDate(iso: "2026-11-30")
        let log = try InMemoryEventLog()
        let instant = try Instant(rfc3339: "2026-11-30T23:05:00+01:00")
        let store = try MoreSleepStore(
            log: log,
            environment: StoreEnvironment(now: { instant }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "readme-1" }, source: .phone)
        )
        var rendered: [Int] = []
        let changes = await store.changes()
        var iterator = changes.makeAsyncIterator()
        if let snapshot = await iterator.next() { rendered.append(snapshot.lastSeq) }

        var shown: String?
        do {
            try await store.send(LogBedtime(night: .date(tonight), moment: .wentToBed))
        } catch StoreError.rejected(let error) {
            shown = error.message
        } catch StoreError.log(let error) {
            shown = error.description
        } catch StoreError.outOfDate(let staleness) {
            shown = staleness.warning
        }
        if let snapshot = await iterator.next() { rendered.append(snapshot.lastSeq) }

        #expect(shown == nil)
        #expect(rendered == [0, 1])
        #expect(log.readAll().map(\.typeName) == ["wentToBed"])
    }
}
