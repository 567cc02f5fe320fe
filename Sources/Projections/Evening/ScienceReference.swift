/// A checked claim behind a reminder, the bedtime plan, the mindful exit or a score, with the
/// studies it rests on and how strong they are (`Scripts/science-facts.md`, docs/rules.md §2.1).
///
/// The claim keeps its grade wherever it is shown, weak included. The values live in
/// ``ScienceLibrary``, generated from `Scripts/science-facts.md`.
public struct ScienceReference: Sendable, Hashable, Codable {
    /// The honest claim, as the person may read it.
    public let claim: String
    /// The studies the claim rests on, in the order `Scripts/science-facts.md` cites them. Empty only
    /// for a score reference that no study backs (the sleep debt weighting of a peer product).
    public let studies: [Study]
    /// How strong the evidence is.
    public let grade: EvidenceGrade
    /// A caveat the person may read beside the claim: where a figure really comes from, or a
    /// popular number that must not be used (the "68%" reading press release).
    public let note: String?

    /// Creates the value from its parts.
    public init(claim: String, studies: [Study], grade: EvidenceGrade, note: String?) {
        self.claim = claim
        self.studies = studies
        self.grade = grade
        self.note = note
    }
}

/// One cited study, in the words of `Scripts/science-facts.md`.
///
/// `finding` quotes what the study found (its population and result), not what the app
/// promises: it may use the paper's own terms.
public struct Study: Sendable, Hashable, Codable {
    /// The authors as cited, such as "Chung, Bin, Cistulli & Chow" or "Crispim et al.".
    public let authors: String
    /// The year of publication.
    public let year: Int
    /// The journal with volume, issue and pages as cited, such as
    /// "Int J Environ Res Public Health 17(8):2677".
    public let journal: String
    /// What the study found, with its design when given ("review: heat exposure …").
    public let finding: String
    /// The DOI without a resolver prefix (`10.3390/ijerph17082677`), when one is cited.
    public let doi: String?

    /// Creates the value from its parts.
    public init(authors: String, year: Int, journal: String, finding: String, doi: String?) {
        self.authors = authors
        self.year = year
        self.journal = journal
        self.finding = finding
        self.doi = doi
    }
}

/// How strong the evidence behind a claim is, as defined in `Scripts/science-facts.md`.
///
/// A claim keeps its grade in the data and in what the person sees, weak included.
public enum EvidenceGrade: String, Sendable, Hashable, Codable, CaseIterable {
    /// Replicated experiments or guideline level.
    case strong
    /// Controlled but small, or consistent observational.
    case moderate
    /// A single observational study, a press release, expert opinion.
    case weak
}
