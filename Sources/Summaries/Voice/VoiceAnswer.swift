import Localization
/// The answer to a ``VoiceQuestion``: whole sentences as messages, and their text rendered
/// once for the renderer's locale. A front end that speaks another language renders
/// ``messages`` again with its own table.
public struct VoiceAnswer: Sendable, Hashable {
    /// The question.
    public let question: VoiceQuestion
    /// The sentences, in order.
    public let messages: [Message]
    /// The sentences rendered and joined with a space.
    public let text: String

    /// Creates the value from its parts.
    public init(question: VoiceQuestion, messages: [Message], text: String) {
        self.question = question
        self.messages = messages
        self.text = text
    }
}
