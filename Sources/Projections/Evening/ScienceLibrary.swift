// Generated from Scripts/science-facts.md (SHA-256 2ae40db20c9f4856264146dc26a1d748707b3399255cca3a5c85e9510bd3af61) by Scripts/generate-science-library.py; do not edit by hand.
// Regenerate from the package root:
//     python3 Scripts/generate-science-library.py Scripts/science-facts.md > Sources/Projections/Evening/ScienceLibrary.swift

/// The checked science behind the reminders, the bedtime plan, the mindful exit and the
/// scores, as data (`Scripts/science-facts.md`; generated Swift rather than a bundled resource, so
/// that nothing can be missing at run time).
///
/// A reminder may have several rows: the row naming it without an aspect is its primary
/// reference, and rows with an aspect (`last_meal (clock)`, `warm_lighting (red)`) support
/// it. A row naming two reminders (`last_meal, stop_eating`) is the primary reference of both.
public enum ScienceLibrary {
    /// The references of each reminder template, by id: the primary one first, then the
    /// supporting ones in the table's order.
    public static let byReminder: [String: [ScienceReference]] = [
        "last_meal": [lastMealStopEating, lastMealClock],
        "stop_eating": [lastMealStopEating],
        "last_water": [lastWater],
        "warm_lighting": [warmLighting, warmLightingRed],
        "screens_off": [screensOffWindDown],
        "wind_down": [screensOffWindDown],
        "read": [read],
        "cool_room": [coolRoom],
        "sunlight": [sunlight],
        "bedtime": [bedtime],
        "almost_bedtime": [almostBedtime],
    ]

    /// The references of the reminder template `reminderID`, primary first; empty for an
    /// unknown id.
    public static func references(for reminderID: String) -> [ScienceReference] {
        byReminder[reminderID] ?? []
    }

    /// Why the bedtime moves in small steps (docs/rules.md §1.1): "the plan itself".
    public static let plan = ScienceReference(
        claim: "Move bedtime in small steps: 1 h a day earlier kept sleep and the clock aligned, 2 h a day was too fast.",
        studies: [burgess2003, eastman2005],
        grade: .moderate,
        note: nil
    )

    /// Why leaving early takes a pause (docs/rules.md §3.1): "the mindful exit".
    public static let mindfulExit = ScienceReference(
        claim: "A pause with an easy way to back out cuts impulsive app opens.",
        studies: [gruning2023],
        grade: .moderate,
        note: nil
    )

    /// The references behind the scores (docs/rules.md §6 and §7): sleep stage norms, sleep need,
    /// and the sleep debt weighting, in the order of Scripts/science-facts.md.
    public static let scoreReferences: [ScienceReference] = [
        ScienceReference(
            claim: "Adult sleep stage norms: deep (N3) roughly 13–23% of sleep in young adults, falling with age; REM roughly 20–25%; light (Apple's \"Core\", N1+N2) roughly 50–60%.",
            studies: [ohayon2004],
            grade: .strong,
            note: nil
        ),
        ScienceReference(
            claim: "Sleep need: adults 7–9 h.",
            studies: [watson2015],
            grade: .strong,
            note: nil
        ),
        ScienceReference(
            claim: "Sleep debt weighting in a peer product: the last night carries 15% of a 14-night debt, the 13 nights before it the remaining 85%, decaying with age (a geometric ratio of about 0.87).",
            studies: [],
            grade: .weak,
            note: nil
        ),
    ]

    // Scripts/science-facts.md: last_meal, stop_eating
    private static let lastMealStopEating = ScienceReference(
        claim: "Eating within 3 h of bedtime is linked to more night waking.",
        studies: [chung2020, crispim2011],
        grade: .weak,
        note: nil
    )

    // Scripts/science-facts.md: last_meal (clock)
    private static let lastMealClock = ScienceReference(
        claim: "Late meals shift the body's metabolic rhythms, not its master clock.",
        studies: [wehrens2017],
        grade: .moderate,
        note: nil
    )

    // Scripts/science-facts.md: last_water
    private static let lastWater = ScienceReference(
        claim: "Less fluid late in the day can mean fewer trips to the bathroom at night, mostly shown in people with nocturia.",
        studies: [tani2014],
        grade: .weak,
        note: nil
    )

    // Scripts/science-facts.md: warm_lighting
    private static let warmLighting = ScienceReference(
        claim: "Blue light suppresses melatonin about twice as much as green light of equal photon density.",
        studies: [lockley2003],
        grade: .strong,
        note: nil
    )

    // Scripts/science-facts.md: warm_lighting (red)
    private static let warmLightingRed = ScienceReference(
        claim: "Dim red light has little effect on melatonin.",
        studies: [figueiro2010],
        grade: .moderate,
        note: nil
    )

    // Scripts/science-facts.md: screens_off, wind_down
    private static let screensOffWindDown = ScienceReference(
        claim: "Reading on a light-emitting screen before bed delays sleep and the melatonin rhythm.",
        studies: [chang2015],
        grade: .moderate,
        note: nil
    )

    // Scripts/science-facts.md: read
    private static let read = ScienceReference(
        claim: "Reading a printed book instead of a screen avoids that delay.",
        studies: [chang2015],
        grade: .moderate,
        note: "The often-quoted \"6 minutes of reading cuts stress by 68%\" comes from a 2009 press release commissioned by a chocolate brand, with no peer-reviewed paper: do not use its number."
    )

    // Scripts/science-facts.md: cool_room
    private static let coolRoom = ScienceReference(
        claim: "Heat disturbs sleep; a cool room (about 18 °C / 65 °F) suits most people.",
        studies: [okamotoMizuno2012],
        grade: .moderate,
        note: "The 18 °C figure is expert advice (Walker 2017, Why We Sleep, a popular book)."
    )

    // Scripts/science-facts.md: sunlight
    private static let sunlight = ScienceReference(
        claim: "Bright morning light moves the body clock earlier, which helps an earlier bedtime stick.",
        studies: [burgess2003, crowley2015],
        grade: .strong,
        note: nil
    )

    // Scripts/science-facts.md: bedtime
    private static let bedtime = ScienceReference(
        claim: "Going to bed at the same time each night keeps the body clock steady; irregular sleep goes with a later clock.",
        studies: [phillips2017],
        grade: .moderate,
        note: nil
    )

    // Scripts/science-facts.md: almost_bedtime
    private static let almostBedtime = ScienceReference(
        claim: "Melatonin rises in the hours before habitual sleep.",
        studies: [chang2015, lockley2003],
        grade: .moderate,
        note: nil
    )

    private static let chung2020 = Study(
        authors: "Chung, Bin, Cistulli & Chow",
        year: 2020,
        journal: "Int J Environ Res Public Health 17(8):2677",
        finding: "survey of 793 adults, eating within 3 h of bed went with more awakenings (adjusted OR 1.43), not with slower sleep onset",
        doi: "10.3390/ijerph17082677"
    )

    private static let crispim2011 = Study(
        authors: "Crispim et al.",
        year: 2011,
        journal: "J Clin Sleep Med 7(6):659–664",
        finding: "in 52 adults, a larger share of calories at night went with longer sleep onset and lower efficiency, in women only",
        doi: "10.5664/JCSM.1476"
    )

    private static let wehrens2017 = Study(
        authors: "Wehrens et al.",
        year: 2017,
        journal: "Current Biology 27:1768",
        finding: "meals moved 5 h later shifted the glucose rhythm by 5.7 h; melatonin and cortisol did not move",
        doi: "10.1016/j.cub.2017.04.059"
    )

    private static let tani2014 = Study(
        authors: "Tani et al.",
        year: 2014,
        journal: "Int J Urology 21:595",
        finding: "in 65 men with nocturnal polyuria, fluid guidance cut night voids from 4.1 to 3.1",
        doi: "10.1111/iju.12387"
    )

    private static let lockley2003 = Study(
        authors: "Lockley, Brainard & Czeisler",
        year: 2003,
        journal: "J Clin Endocrinol Metab 88(9):4502–4505",
        finding: "460 nm vs 555 nm light gave twice the melatonin suppression and twice the phase delay",
        doi: "10.1210/jc.2003-030570"
    )

    private static let figueiro2010 = Study(
        authors: "Figueiro & Rea",
        year: 2010,
        journal: "Int J Endocrinology 2010:829351",
        finding: "at 40 lux only blue light reduced night-time melatonin",
        doi: "10.1155/2010/829351"
    )

    private static let chang2015 = Study(
        authors: "Chang, Aeschbach, Duffy & Czeisler",
        year: 2015,
        journal: "PNAS 112(4):1232–1237",
        finding: "12 adults; with an eReader vs a printed book they took about 10 min longer to fall asleep, had about 12 min less REM, and melatonin onset came over 1.5 h later",
        doi: "10.1073/pnas.1418490112"
    )

    private static let okamotoMizuno2012 = Study(
        authors: "Okamoto-Mizuno & Mizuno",
        year: 2012,
        journal: "J Physiological Anthropology 31:14",
        finding: "review: heat exposure increases wakefulness and reduces deep and REM sleep; humid heat is worse",
        doi: "10.1186/1880-6805-31-14"
    )

    private static let burgess2003 = Study(
        authors: "Burgess et al.",
        year: 2003,
        journal: "J Biological Rhythms 18(4):318–328",
        finding: "with sleep moved 1 h earlier a day for 3 days, the clock moved 0.6 h in dim light and 1.5–2.1 h with morning bright light",
        doi: "10.1177/0748730403253585"
    )

    private static let crowley2015 = Study(
        authors: "Crowley & Eastman",
        year: 2015,
        journal: "Sleep Medicine 16(2):288–297",
        finding: "similar advances with morning light",
        doi: nil
    )

    private static let phillips2017 = Study(
        authors: "Phillips et al.",
        year: 2017,
        journal: "Scientific Reports 7:3216",
        finding: "in 61 students followed for 30 days, the least regular sleepers' melatonin onset came about 2.6 h later than the most regular sleepers' (00:08 vs 21:32), mostly through their light exposure",
        doi: "10.1038/s41598-017-03171-4"
    )

    private static let eastman2005 = Study(
        authors: "Eastman et al.",
        year: 2005,
        journal: "Sleep 28(1):33–44",
        finding: "2 h a day left rhythms misaligned and people had trouble falling asleep",
        doi: nil
    )

    private static let gruning2023 = Study(
        authors: "Grüning, Riedel & Lorenz-Spreen",
        year: 2023,
        journal: "PNAS 120(8):e2213114120",
        finding: "in 280 people over 6 weeks, 36% of opening attempts were dropped at the pause and attempts fell 37%",
        doi: "10.1073/pnas.2213114120"
    )

    private static let ohayon2004 = Study(
        authors: "Ohayon, Carskadon, Guilleminault & Vitiello",
        year: 2004,
        journal: "Sleep 27(7):1255–1273",
        finding: "meta-analysis, 3,577 people: deep (N3) roughly 13–23% of sleep in young adults, falling with age; REM roughly 20–25%; light (Apple's \"Core\", N1+N2) roughly 50–60%",
        doi: "10.1093/sleep/27.7.1255"
    )

    private static let watson2015 = Study(
        authors: "Watson et al.",
        year: 2015,
        journal: "Sleep 38(6):843–844",
        finding: "AASM/SRS consensus: adults 7–9 h",
        doi: "10.5665/sleep.4716"
    )
}
