/// A question a voice assistant or a widget asks about sleep.
public enum VoiceQuestion: Sendable, Hashable {
    /// "How did I sleep last night?"
    case lastNight
    /// "How did I sleep five nights ago?": `1` is last night, `5` the night four before it.
    /// Values below 1 are read as 1.
    case nightsAgo(Int)
    /// "How have the last few weeks gone?"
    case recentWeeks
    /// "How's my sleep debt?"
    case sleepDebt
}
