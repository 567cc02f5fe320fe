import Localization
import Projections

extension PendingNotification {
    /// The notification's title as a message to render in the person's language: a
    /// reminder's title in the phrasing it shows (`reminder.<id>.title`, `reminder.<id>.v1.title`,
    /// …; docs/rules.md §14), or the block warning's or the free window's.
    public var titleMessage: Message {
        switch kind {
        case .reminder(let template): return Message(.reminderTitle(template, variant: variant ?? 0))
        case .blockWarning: return Message(.notificationBlockWarningTitle)
        case .freeWindowEnding: return Message(.notificationFreeWindowEndingTitle)
        }
    }

    /// The notification's body as a message: a reminder's body in the phrasing it shows
    /// (`reminder.<id>.body`, `reminder.<id>.v1.body`, …); for a block warning, the tier and
    /// the minutes before its apps lock.
    public var bodyMessage: Message {
        switch kind {
        case .reminder(let template):
            return Message(.reminderBody(template, variant: variant ?? 0))
        case .blockWarning(let tier, let minutes):
            return Message(.notificationBlockWarningBody, ["tier": .text(tier.rawValue), "minutes": .integer(minutes)])
        case .freeWindowEnding:
            return Message(.notificationFreeWindowEndingBody)
        }
    }
}
