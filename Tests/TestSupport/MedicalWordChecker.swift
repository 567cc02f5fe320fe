/// Finds words of medical certainty (diagnosis, cure, treatment, guarantee, disorder, …) in a
/// text, as whole words, in any case. The summaries, tips and voice answers may say what a
/// night measured and what studies found, never diagnose, prescribe or promise an outcome.
///
/// The list takes each word with the forms a sentence would use; a longer word that merely
/// contains one ("secure", "retreat", "treaty", "preventive" is not in it either) is fine.
/// German words are listed too, for the German test table. A study's own finding is exempt
/// (it quotes the paper, and is shown as a citation), as in `ScienceLibraryTests`.
/// Shared by every test that scans what a person reads (science data, messages, tips).
public enum MedicalWordChecker {
    public static let english = [
        "diagnose", "diagnoses", "diagnosed", "diagnosing", "diagnosis", "diagnostic",
        "cure", "cures", "cured", "curing",
        "treat", "treats", "treated", "treating", "treatment", "treatments",
        "therapy", "therapies", "therapeutic",
        "guarantee", "guarantees", "guaranteed",
        "disorder", "disorders", "disease", "diseases", "illness", "syndrome", "symptom", "symptoms",
        "insomnia", "apnea", "apnoea",
        "prescribe", "prescribes", "prescribed", "prescription",
        "heal", "heals", "healed", "healing",
        "prevent", "prevents", "prevented", "preventing", "prevention",
        "medication", "medicine", "remedy", "remedies", "clinically", "proven",
    ]

    public static let german = [
        "Diagnose", "diagnostizieren", "diagnostiziert", "heilen", "heilt", "Heilung",
        "behandeln", "behandelt", "Behandlung", "Therapie", "Garantie", "garantiert",
        "Störung", "Schlafstörung", "Krankheit", "verschreiben", "verschrieben", "Rezept",
        "verhindern", "verhindert", "Medikament", "Schlaflosigkeit",
    ]

    public static let words = english + german

    /// The forbidden words in `text`, as written there, in order.
    public static func violations(in text: String) throws -> [String] {
        let pattern = try Regex("\\b(?:" + words.joined(separator: "|") + ")\\b").ignoresCase()
        return text.matches(of: pattern).map { String(text[$0.range]) }
    }

    /// Each `(label, text)` that has a forbidden word, with the words.
    public static func findings(in texts: [(label: String, text: String)]) throws -> [String] {
        var findings: [String] = []
        for (label, text) in texts {
            let found = try violations(in: text)
            if !found.isEmpty { findings.append("\(label) says \(found): \(text)") }
        }
        return findings
    }
}
