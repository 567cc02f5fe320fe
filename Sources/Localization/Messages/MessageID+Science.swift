import Projections

extension MessageID {
    /// Every science claim a person can be shown, each with its message: for each reminder
    /// its references, the primary one first (`science.<reminder>.claim`, then
    /// `science.<reminder>.<n>.claim` for the n-th), the bedtime plan's
    /// (`science.plan.claim`), the mindful exit's (`science.mindfulExit.claim`) and the
    /// scores' (`science.score.<n>.claim`). The English table takes each claim's text from
    /// `ScienceLibrary` as it is. A reference's editorial note (where a figure comes from,
    /// which number not to use) is for whoever writes about the science, not a message.
    public static let scienceClaims: [(id: MessageID, reference: ScienceReference)] = {
        var claims: [(id: MessageID, reference: ScienceReference)] = []
        for reminder in ReminderTemplate.all {
            for (index, reference) in reminder.allScience.enumerated() {
                claims.append((index == 0 ? scienceClaim(reminder.id) : scienceClaim("\(reminder.id).\(index + 1)"), reference))
            }
        }
        claims.append((scienceClaim(planClaimKey), ScienceLibrary.plan))
        claims.append((scienceClaim(mindfulExitClaimKey), ScienceLibrary.mindfulExit))
        for (index, reference) in ScienceLibrary.scoreReferences.enumerated() {
            claims.append((scienceClaim("score.\(index + 1)"), reference))
        }
        return claims
    }()

    /// The message of `reference`'s claim (the first id that has it: a reference shared by
    /// two reminders has a message under each), or `nil` for a reference not in the library.
    public static func claim(of reference: ScienceReference) -> MessageID? {
        scienceClaims.first { $0.reference == reference }?.id
    }
}
