import Events
import Projections

/// Starts a compressed demo night now (`demoNightStarted`, docs/rules.md §4): its wind-down
/// starts at once and its bedtime is 240 / `compression` minutes later; every plan offset
/// is divided by `compression`, the mindful waits by 12. A demo night never touches the
/// real plan, debt or streaks. Starting one while another runs replaces it, with a fresh
/// checklist.
///
/// `compression` is 1…3600 (`.compressionOutOfRange` otherwise); `nil` means the default,
/// 60 (4 h of wind-down in 4 min), and is written as absent, as the log format allows.
public struct StartDemoNight: Command {
    /// How many times faster than real time, 1…3600; `nil` for the default, 60.
    public var compression: Int?

    /// Creates the value from its parts.
    public init(compression: Int? = nil) {
        self.compression = compression
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let payload = DemoNightStarted(compression: compression)
        let range = DemoNight.compressionRange
        guard range.contains(payload.effectiveCompression) else {
            throw CommandError(
                rule: .compressionOutOfRange,
                message: "compression \(payload.effectiveCompression) is outside \(range.lowerBound)–\(range.upperBound); 1 runs in real time, the default 60 runs 4 h of wind-down in 4 min"
            )
        }
        return [context.event(.demoNightStarted(payload))]
    }
}
