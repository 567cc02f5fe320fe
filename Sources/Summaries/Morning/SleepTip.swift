import Localization
import Projections

/// One sleep tip: a checked claim from the science data, with its studies and evidence
/// grade, chosen because a part of the night's score lost points.
///
/// A tip is a template, never generated text: its sentence is the message `tip.<grade>`
/// filled with the claim exactly as `Scripts/science-facts.md` words it, and its grade is shown as
/// it is, weak included. Its studies travel with it for a "why" view.
public struct SleepTip: Sendable, Hashable {
    /// The id of the reminder template the tip comes from (such as `cool_room`), or
    /// ``planID`` for the bedtime plan's own science.
    public let id: String
    /// The part of the score that lost points and led to the tip.
    public let part: ScorePart
    /// The reminder's title ("Cool your room down"), `nil` for the plan.
    public let title: String?
    /// The checked reference: claim, studies, grade and any caveat.
    public let reference: ScienceReference

    /// The id of the tip drawn from the bedtime plan's science (``ScienceLibrary/plan``).
    public static let planID = "plan"

    /// The honest claim, as `Scripts/science-facts.md` words it.
    public var claim: String { reference.claim }
    /// The studies the claim rests on.
    public var studies: [Study] { reference.studies }
    /// How strong the evidence is.
    public var grade: EvidenceGrade { reference.grade }

    /// The tip's sentence: `tip.strong`, `tip.moderate` or `tip.weak` with `{claim}`, the
    /// claim being the catalogue's `science.<id>.claim` (its translation; in English the
    /// claim exactly as the science data words it).
    public var message: Message {
        Message(.tip(grade), ["claim": .message(Message(.scienceClaim(id)))])
    }

    /// Creates the value from its parts.
    public init(id: String, part: ScorePart, title: String?, reference: ScienceReference) {
        self.id = id
        self.part = part
        self.title = title
        self.reference = reference
    }

    /// The tips that answer each part, best first. Each pairing rests on what the cited
    /// studies found (Scripts/science-facts.md):
    /// - duration: the plan (small steps keep sleep and the body clock aligned), `sunlight`
    ///   (morning light helps an earlier bedtime stick);
    /// - deep: `cool_room` (heat reduces deep and REM sleep);
    /// - REM: `screens_off` (about 12 minutes less REM after reading on a screen),
    ///   `cool_room`;
    /// - bedtime: `bedtime` (a regular bedtime keeps the clock steady), `sunlight`;
    /// - interruptions: `cool_room` (heat increases wakefulness), `stop_eating` (late eating
    ///   went with more awakenings; weak), `last_water` (fewer trips to the bathroom; weak).
    public static let candidates: [ScorePart: [String]] = [
        .duration: [planID, "sunlight"],
        .deep: ["cool_room"],
        .rem: ["screens_off", "cool_room"],
        .bedtime: ["bedtime", "sunlight"],
        .interruptions: ["cool_room", "stop_eating", "last_water"],
    ]

    /// The tip `id` for `part`: a reminder's primary reference, or the plan's; `nil` for an
    /// unknown id.
    public static func tip(id: String, for part: ScorePart) -> SleepTip? {
        if id == planID {
            return SleepTip(id: id, part: part, title: nil, reference: ScienceLibrary.plan)
        }
        guard let template = ReminderTemplate.template(id: id) else { return nil }
        return SleepTip(id: id, part: part, title: template.title, reference: template.science)
    }

    /// Up to `limit` tips for `score`, chosen by its weakest parts.
    ///
    /// The parts whose lost points round (half up) to at least 1 are ranked by points lost,
    /// most first (a tie to the first in ``ScorePart`` order). Tips are then taken round by
    /// round: each ranked part's first candidate, then each one's second, and so on; a tip
    /// already taken is skipped. So the three costliest parts each get a tip before any part
    /// gets two. A night that lost no whole point gets none.
    public static func tips(for score: NightScore, limit: Int) -> [SleepTip] {
        guard limit > 0 else { return [] }
        let ranked = ScorePart.allCases.enumerated()
            .compactMap { index, part -> (part: ScorePart, lost: Double, index: Int)? in
                guard let lost = score.pointsLost(part), MorningSummary.roundedHalfUp(lost) >= 1 else { return nil }
                return (part, lost, index)
            }
            .sorted { $0.lost != $1.lost ? $0.lost > $1.lost : $0.index < $1.index }
        var chosen: [SleepTip] = []
        var taken = Set<String>()
        let rounds = ranked.map { candidates[$0.part]?.count ?? 0 }.max() ?? 0
        for round in 0..<rounds {
            for entry in ranked {
                guard chosen.count < limit else { return chosen }
                guard let ids = candidates[entry.part], round < ids.count, !taken.contains(ids[round]),
                      let tip = tip(id: ids[round], for: entry.part) else { continue }
                taken.insert(tip.id)
                chosen.append(tip)
            }
        }
        return chosen
    }
}
