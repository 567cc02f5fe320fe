import Commands
import Events
import Projections
import Testing
import TestSupport

/// `PayloadCommand`: a command that holds its event's payload reads and writes the payload's
/// fields as its own, and appends exactly that payload.
struct PayloadCommandTests {
    @Test func theFieldsAreThePayloads() throws {
        var command = LogManualSleep(
            night: try EventFactory.night("2026-11-30"),
            bedtime: try EventFactory.instant("2026-11-30T23:40:00+01:00"),
            wakeTime: try EventFactory.instant("2026-12-01T07:10:00+01:00")
        )
        #expect(command.night == command.payload.night)
        #expect(command.wakeTime == command.payload.wakeTime)
        let later = try EventFactory.instant("2026-11-30T23:55:00+01:00")
        command.bedtime = later
        #expect(command.payload.bedtime == later)

        var interaction = RecordNotificationInteraction(night: try EventFactory.night("2026-11-30"), template: "screens_off", action: .why)
        interaction.action = .dismissed
        #expect(interaction.payload == NotificationInteracted(night: try EventFactory.night("2026-11-30"), template: "screens_off", action: .dismissed))
    }

    @Test func theEventCarriesThePayloadHeld() throws {
        let command = LogManualSleep(
            night: try EventFactory.night("2026-11-30"),
            bedtime: try EventFactory.instant("2026-11-30T23:40:00+01:00"),
            wakeTime: try EventFactory.instant("2026-12-01T07:10:00+01:00")
        )
        let now = try EventFactory.instant("2026-12-01T08:00:00+01:00")
        let context = CommandContext(now: now, timeZone: "Europe/Berlin", source: .phone, makeIdentifier: { "id" })
        let events = try command.decide(in: LogState(), context: context)
        #expect(events.map(\.payload) == [.manualSleepLogged(command.payload)])
    }
}
