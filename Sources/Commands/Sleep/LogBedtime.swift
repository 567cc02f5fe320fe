import Events
import Projections

/// "Log I'm going to bed" (`wentToBed`), or the morning check-in (`wokeUp`).
public struct LogBedtime: Command {
    /// Which of the two moments.
    public enum Moment: Sendable, Hashable {
        case wentToBed
        case wokeUp
    }

    /// The night the moment belongs to (a real night within 2 days).
    public var night: Night
    /// Going to bed, or waking up.
    public var moment: Moment

    /// Creates the value from its parts.
    public init(night: Night, moment: Moment) {
        self.night = night
        self.moment = moment
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        _ = try NightRule.checkRealNight(night, at: context.now)
        let action = NightAction(night: night)
        switch moment {
        case .wentToBed: return [context.event(.wentToBed(action))]
        case .wokeUp: return [context.event(.wokeUp(action))]
        }
    }
}
