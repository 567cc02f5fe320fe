import Localization
import Projections

extension TonightExit {
    /// The reflection prompt of the attempt (docs/rules.md §3.1), as a message to render in
    /// the person's language: three deep breaths on the 1st attempt, box breathing on the
    /// 2nd, tomorrow morning on the 3rd, and from the 4th on the count of exits confirmed
    /// tonight (``confirmedTonight``, as of the moment shown).
    public var prompt: Message {
        switch attempt {
        case ...1: return Message(.exitPromptBreaths)
        case 2: return Message(.exitPromptBoxBreathing)
        case 3: return Message(.exitPromptTomorrow)
        default: return Message(.exitPromptCount, ["count": .integer(confirmedTonight)])
        }
    }

    /// The prompt in the library's English table, as `replay-tool show` and the JSON view
    /// print it (English, so the text never depends on the machine).
    package var englishPrompt: String {
        let renderer = MessageRenderer(locale: .english)
        // The English table has every id and each placeholder (MessageCatalogTests pins it),
        // so rendering cannot fail; the id stands in should it ever.
        return (try? renderer.render(prompt)) ?? prompt.id.rawValue
    }
}
