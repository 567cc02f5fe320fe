import Localization
import Foundation
import Projections
import Summaries
import Testing

/// The mindful exit's reflection prompts are messages of the catalogue: one per attempt for
/// the first three, then the count of exits confirmed tonight.
struct ExitPromptTests {
    private func exit(attempt: Int, confirmed: Int) -> TonightExit {
        TonightExit(attempt: attempt, waitRemainingSeconds: 60, freeWindowRemainingSeconds: nil, confirmedTonight: confirmed)
    }

    @Test(arguments: [
        (1, 0, "Take 3 deep breaths. Is this really worth losing sleep over?"),
        (2, 1, "Box breathing: in 4, hold 4, out 4, hold 4."),
        (3, 2, "Think about how you'll feel tomorrow morning."),
        (4, 3, "You've opted out 3 times tonight. Your sleep debt is growing."),
        (5, 4, "You've opted out 4 times tonight. Your sleep debt is growing."),
        (9, 12, "You've opted out 12 times tonight. Your sleep debt is growing."),
    ])
    func eachAttemptHasItsPromptInEnglish(attempt: Int, confirmed: Int, text: String) throws {
        let prompt = exit(attempt: attempt, confirmed: confirmed).prompt
        #expect(try MessageRenderer(locale: MessageLocale("en_US")).render(prompt) == text)
        #expect(exit(attempt: attempt, confirmed: confirmed).englishPrompt == text)
    }

    @Test func onlyTheFourthAndLaterPromptsCarryTheCount() {
        #expect(exit(attempt: 3, confirmed: 2).prompt.arguments.isEmpty)
        #expect(exit(attempt: 4, confirmed: 3).prompt == Message(.exitPromptCount, ["count": .integer(3)]))
    }

    @Test func aTranslatedTableRendersThePromptInItsLanguage() throws {
        var strings = Dictionary(uniqueKeysWithValues: MessageID.all.map { ($0.rawValue, "x") })
        strings["exit.prompt.count"] = "Du hast heute {count}-mal abgebrochen."
        let german = MessageCatalog(strings: strings)
        let text = try MessageRenderer(catalog: german, locale: MessageLocale("de_DE")).render(exit(attempt: 6, confirmed: 5).prompt)
        #expect(text == "Du hast heute 5-mal abgebrochen.")
    }
}
