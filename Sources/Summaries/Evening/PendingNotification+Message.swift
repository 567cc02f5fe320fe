import Localization
import Projections

extension PendingNotification {
    /// The notification's title as a message to render in the person's language: a
    /// reminder's title (`reminder.<id>.title`), or the block warning's or the free window's.
    public var titleMessage: Message {
        switch kind {
        case .reminder(let template): return Message(.reminderTitle(template.id))
        case .blockWarning: return Message(.notificationBlockWarningTitle)
        case .freeWindowEnding: return Message(.notificationFreeWindowEndingTitle)
        }
    }

    /// The notification's body as a message: a reminder's body (`reminder.<id>.body`); for a
    /// block warning, the tier and the minutes before its apps lock.
    public var bodyMessage: Message {
        switch kind {
        case .reminder(let template):
            return Message(.reminderBody(template.id))
        case .blockWarning(let tier, let minutes):
            return Message(.notificationBlockWarningBody, ["tier": .text(tier.rawValue), "minutes": .integer(minutes)])
        case .freeWindowEnding:
            return Message(.notificationFreeWindowEndingBody)
        }
    }
}
