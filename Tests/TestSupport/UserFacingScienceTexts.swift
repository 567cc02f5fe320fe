import Projections

/// Every text of the science data a person reads, with where it comes from: each reminder's
/// title and body, and each claim and note of the reminders, the plan, the mindful exit
/// and the score references (study findings are citations and are left out).
public enum UserFacingScienceTexts {
    public static func all() -> [(label: String, text: String)] {
        var texts: [(String, String)] = []
        func add(_ reference: ScienceReference, _ label: String) {
            texts.append(("\(label) claim", reference.claim))
            if let note = reference.note { texts.append(("\(label) note", note)) }
        }
        for template in ReminderTemplate.all {
            texts.append(("\(template.id) title", template.title))
            texts.append(("\(template.id) body", template.body))
            for reference in template.allScience { add(reference, template.id) }
        }
        add(ScienceLibrary.plan, "plan")
        add(ScienceLibrary.mindfulExit, "mindful exit")
        for (index, reference) in ScienceLibrary.scoreReferences.enumerated() { add(reference, "score \(index + 1)") }
        return texts
    }
}
