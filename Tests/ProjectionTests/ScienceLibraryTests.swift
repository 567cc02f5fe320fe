import Foundation
import Events
import Projections
import Testing
import TestSupport
import HealthImport

/// The reminder templates of docs/rules.md §2.1 and the checked science behind them
/// (`Scripts/science-facts.md`, generated into `ScienceLibrary.swift`).
///
/// What counts as user-facing for the medical-promise check: template titles and bodies, and
/// every reference's claim and note. A `Study`'s authors, journal and finding are exempt: they
/// quote what a paper reported (a finding may say "treatment" if the paper did), and are shown
/// as a citation, not as something the app promises.
struct ScienceLibraryTests {
    // MARK: Files

    /// The package root (this file is `Tests/ProjectionTests/ScienceLibraryTests.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scienceFacts = packageRoot.appendingPathComponent("Scripts/science-facts.md")
    static let generated = packageRoot.appendingPathComponent("Sources/Projections/Evening/ScienceLibrary.swift")
    static let regenerate = "python3 Scripts/generate-science-library.py Scripts/science-facts.md > Sources/Projections/Evening/ScienceLibrary.swift"

    /// The generated file names the SHA-256 of the Markdown it was made from; the Markdown in
    /// the repository must still have it, so data changed without regenerating fails here
    /// (CI also runs the generator and compares its output with the committed file; the
    /// tests themselves need neither Python nor anything outside the repository).
    @Test func generatedLibraryWasMadeFromTheScienceFactsInTheRepository() throws {
        let generatedText = try String(contentsOf: Self.generated, encoding: .utf8)
        let firstLine = try #require(generatedText.split(separator: "\n").first.map(String.init))
        let recorded = try #require(try Regex(#"SHA-256 ([0-9a-f]{64})"#).firstMatch(in: firstLine)?.output[1].substring.map(String.init))
        let markdown = try #require(FileManager.default.contents(atPath: Self.scienceFacts.path), "Scripts/science-facts.md is missing")
        let digest = SHA256.hash(Array(markdown)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        #expect(digest == recorded, """
            Scripts/science-facts.md changed since Sources/Projections/Evening/ScienceLibrary.swift was generated; \
            regenerate it from the package root (never edit it by hand): \(Self.regenerate)
            """)
    }

    // MARK: The templates against docs/rules.md §2.1

    struct Row: Sendable, CustomTestStringConvertible {
        let id: String
        let offset: Int?
        let emoji: String
        let title: String
        var testDescription: String { id }
    }

    /// docs/rules.md §2.1, copied.
    static let table: [Row] = [
        Row(id: "last_meal", offset: -240, emoji: "🍽️", title: "Last meal window closing soon"),
        Row(id: "stop_eating", offset: -180, emoji: "🚫", title: "Stop eating now"),
        Row(id: "last_water", offset: -150, emoji: "💧", title: "Last water for the night"),
        Row(id: "warm_lighting", offset: -120, emoji: "💡", title: "Switch to warm lighting"),
        Row(id: "wind_down", offset: -90, emoji: "📵", title: "Wind-down is starting"),
        Row(id: "screens_off", offset: -60, emoji: "📱", title: "Screens off"),
        Row(id: "read", offset: -45, emoji: "📖", title: "Time to read"),
        Row(id: "cool_room", offset: -30, emoji: "🌡️", title: "Cool your room down"),
        Row(id: "almost_bedtime", offset: -15, emoji: "🌙", title: "Almost bedtime"),
        Row(id: "bedtime", offset: 0, emoji: "😴", title: "Bedtime. You got this."),
        Row(id: "sunlight", offset: nil, emoji: "☀️", title: "Get sunlight in 30 minutes"),
    ]

    @Test(arguments: table)
    func templateMatchesTheDomainTable(_ row: Row) throws {
        let template = try #require(ReminderTemplate.template(id: row.id))
        #expect(template.id == row.id)
        #expect(template.offsetMinutes == row.offset)
        #expect(template.emoji == row.emoji)
        #expect(template.title == row.title)
        #expect(template.category == "winddown_reminder")
        if let offset = row.offset {
            #expect(template.anchor == .beforeBedtime(minutes: -offset))
        } else {
            #expect(template.anchor == .wakeTime)
        }
    }

    @Test func elevenTemplatesInTheTablesOrder() {
        #expect(ReminderTemplate.all.map(\.id) == Self.table.map(\.id))
        #expect(Set(ReminderTemplate.all.map(\.id)).count == 11)
        #expect(ReminderTemplate.template(id: "snooze") == nil)
        for template in ReminderTemplate.all {
            if case .beforeBedtime(let minutes) = template.anchor {
                #expect((0...240).contains(minutes), "\(template.id)")
            }
        }
    }

    /// The copied table above is the reminder table of the project's rules (docs/rules.md).
    @Test func copiedTableIsTheRulesDocument() throws {
        let rules = Self.packageRoot.appendingPathComponent("docs/rules.md")
        let text = try #require(try? String(contentsOf: rules, encoding: .utf8), "docs/rules.md is missing")
        let rowPattern = try Regex(#"^\| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$"#)
        var rows: [Row] = []
        for line in text.split(separator: "\n") {
            guard let match = try rowPattern.wholeMatch(in: String(line)) else { continue }
            func field(_ index: Int) -> String {
                match.output[index].substring.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            }
            let offsetText = field(2).replacingOccurrences(of: "\u{2212}", with: "-")
            rows.append(Row(id: field(1), offset: offsetText == "wake time" ? nil : Int(offsetText), emoji: field(3), title: field(4)))
        }
        #expect(rows.map(\.id) == Self.table.map(\.id))
        #expect(rows.map(\.offset) == Self.table.map(\.offset))
        #expect(rows.map(\.emoji) == Self.table.map(\.emoji))
        #expect(rows.map(\.title) == Self.table.map(\.title))
    }

    // MARK: Checklist

    @Test func checklistIsTheNineTemplatesBeforeBedtime() {
        #expect(ReminderTemplate.checklist.map(\.id) == [
            "last_meal", "stop_eating", "last_water", "warm_lighting", "wind_down",
            "screens_off", "read", "cool_room", "almost_bedtime",
        ])
        #expect(ReminderTemplate.template(id: "bedtime")?.isChecklistItem == false)
        #expect(ReminderTemplate.template(id: "sunlight")?.isChecklistItem == false)
        for template in ReminderTemplate.all {
            #expect(template.isChecklistItem == ((template.offsetMinutes ?? 0) < 0), "\(template.id)")
        }
    }

    // MARK: Science per reminder

    static let doiPattern = #"^10\.\d{4,9}/\S+$"#

    static func checkStudies(of reference: ScienceReference, _ label: String) throws {
        let doi = try Regex(doiPattern)
        for study in reference.studies {
            #expect(!study.authors.trimmingCharacters(in: .whitespaces).isEmpty, "\(label): a study has no authors")
            #expect((1900...2030).contains(study.year), "\(label): \(study.authors) \(study.year)")
            #expect(!study.journal.trimmingCharacters(in: .whitespaces).isEmpty, "\(label): \(study.authors) has no journal")
            #expect(!study.finding.trimmingCharacters(in: .whitespaces).isEmpty, "\(label): \(study.authors) has no finding")
            if let value = study.doi {
                #expect(try doi.wholeMatch(in: value) != nil, "\(label): \(study.authors) DOI \(value)")
            }
        }
        #expect(EvidenceGrade.allCases.contains(reference.grade))
        #expect(!reference.claim.isEmpty, "\(label): no claim")
    }

    @Test(arguments: ReminderTemplate.all.map(\.id))
    func everyReminderHasCheckedStudies(_ id: String) throws {
        let template = try #require(ReminderTemplate.template(id: id))
        #expect(!template.science.studies.isEmpty, "\(id) has no study")
        #expect(template.allScience == ScienceLibrary.references(for: id))
        for reference in template.allScience {
            #expect(!reference.studies.isEmpty, "\(id): a reference has no study")
            try Self.checkStudies(of: reference, id)
        }
    }

    @Test func planExitAndScoreReferencesAreWellFormed() throws {
        #expect(!ScienceLibrary.plan.studies.isEmpty)
        #expect(!ScienceLibrary.mindfulExit.studies.isEmpty)
        try Self.checkStudies(of: ScienceLibrary.plan, "plan")
        try Self.checkStudies(of: ScienceLibrary.mindfulExit, "mindful exit")
        #expect(ScienceLibrary.scoreReferences.count == 3)
        for reference in ScienceLibrary.scoreReferences {
            try Self.checkStudies(of: reference, "score")
        }
        #expect(ScienceLibrary.references(for: "snooze").isEmpty)
    }

    @Test func referencesRoundTripThroughCodable() throws {
        let references = ReminderTemplate.all.flatMap(\.allScience) + [ScienceLibrary.plan, ScienceLibrary.mindfulExit] + ScienceLibrary.scoreReferences
        let data = try JSONEncoder().encode(references)
        #expect(try JSONDecoder().decode([ScienceReference].self, from: data) == references)
    }

    // MARK: Grades, as in Scripts/science-facts.md

    struct GradeRow: Sendable, CustomTestStringConvertible {
        let id: String
        let grade: EvidenceGrade
        let supporting: [EvidenceGrade]
        var testDescription: String { id }
    }

    static let grades: [GradeRow] = [
        GradeRow(id: "last_meal", grade: .weak, supporting: [.moderate]),
        GradeRow(id: "stop_eating", grade: .weak, supporting: []),
        GradeRow(id: "last_water", grade: .weak, supporting: []),
        GradeRow(id: "warm_lighting", grade: .strong, supporting: [.moderate]),
        GradeRow(id: "wind_down", grade: .moderate, supporting: []),
        GradeRow(id: "screens_off", grade: .moderate, supporting: []),
        GradeRow(id: "read", grade: .moderate, supporting: []),
        GradeRow(id: "cool_room", grade: .moderate, supporting: []),
        GradeRow(id: "almost_bedtime", grade: .moderate, supporting: []),
        GradeRow(id: "bedtime", grade: .moderate, supporting: []),
        GradeRow(id: "sunlight", grade: .strong, supporting: []),
    ]

    @Test(arguments: grades)
    func gradeIsScienceFacts(_ row: GradeRow) throws {
        let template = try #require(ReminderTemplate.template(id: row.id))
        #expect(template.science.grade == row.grade)
        #expect(template.supportingScience.map(\.grade) == row.supporting)
    }

    @Test func planExitAndScoreGrades() {
        #expect(ScienceLibrary.plan.grade == .moderate)
        #expect(ScienceLibrary.mindfulExit.grade == .moderate)
        #expect(ScienceLibrary.scoreReferences.map(\.grade) == [.strong, .strong, .weak])
    }

    @Test func rowsCoveringTwoRemindersAreShared() throws {
        let lastMeal = try #require(ReminderTemplate.template(id: "last_meal"))
        let stopEating = try #require(ReminderTemplate.template(id: "stop_eating"))
        let windDown = try #require(ReminderTemplate.template(id: "wind_down"))
        let screensOff = try #require(ReminderTemplate.template(id: "screens_off"))
        #expect(lastMeal.science == stopEating.science)
        #expect(windDown.science == screensOff.science)
        #expect(lastMeal.supportingScience.map(\.claim) == ["Late meals shift the body's metabolic rhythms, not its master clock."])
        #expect(stopEating.supportingScience.isEmpty)
        #expect(lastMeal.science.studies.map(\.authors) == ["Chung, Bin, Cistulli & Chow", "Crispim et al."])
    }

    // MARK: No medical promises

    /// Finds words that promise a medical outcome, as whole words, in any case.
    @Test func checkerCatchesPromisesAsWholeWordsOnly() throws {
        #expect(try MedicalWordChecker.violations(in: "This CURES insomnia, guaranteed.") == ["CURES", "insomnia", "guaranteed"])
        #expect(try MedicalWordChecker.violations(in: "Helps prevent waking; a sleep diagnosis.") == ["prevent", "diagnosis"])
        #expect(try MedicalWordChecker.violations(in: "Heal. Treat. Prescribe.") == ["Heal", "Treat", "Prescribe"])
        #expect(try MedicalWordChecker.violations(in: "A pre-treatment check") == ["treatment"])
        // Longer words that merely contain one are fine.
        #expect(try MedicalWordChecker.violations(in: "A secure, healthy retreat; preventive treaty.").isEmpty)
    }

    /// Every text the person reads, with where it comes from.
    static func userFacingTexts() -> [(label: String, text: String)] {
        UserFacingScienceTexts.all()
    }

    @Test func noUserFacingTextMakesAMedicalPromise() throws {
        let texts = Self.userFacingTexts()
        #expect(texts.count >= 11 * 3 + 5)
        for (label, text) in texts {
            let found = try MedicalWordChecker.violations(in: text)
            #expect(found.isEmpty, "\(label) says \(found): \(text)")
        }
    }

    // MARK: The debunked reading number

    @Test func theSixtyEightPercentNumberIsOnlyAWarning() throws {
        let number = try Regex(#"\b68\s?(?:%|per ?cent)"#).ignoresCase()
        for (label, text) in Self.userFacingTexts() where !label.hasSuffix(" note") {
            #expect(text.firstMatch(of: number) == nil, "\(label): \(text)")
        }
        let studies = ReminderTemplate.all.flatMap(\.allScience).flatMap(\.studies)
            + ScienceLibrary.plan.studies + ScienceLibrary.mindfulExit.studies + ScienceLibrary.scoreReferences.flatMap(\.studies)
        for study in studies {
            #expect(study.finding.firstMatch(of: number) == nil, "\(study.authors) \(study.year)")
        }
        let read = try #require(ReminderTemplate.template(id: "read"))
        let warning = try #require(read.science.note)
        #expect(warning.firstMatch(of: number) != nil)
        #expect(warning.contains("do not use its number"))
        #expect(read.science.studies.map(\.authors) == ["Chang, Aeschbach, Duffy & Czeisler"])
    }
}
