import Events
import Localization
import Projections

/// Answers for a voice assistant or a widget, read without replaying anything: each takes
/// the ``LogState`` folded as of `now` and `now`, and gives short template sentences
/// (``VoiceAnswer``).
///
/// - **Last night**: the latest night with a record as of `now`
///   (``LogState/latestNightWithRecord(at:)``): onset (local time in the record's zone),
///   time asleep and score. It is called "last night" when it is
///   ``LogState/lastNightDate(at:)`` or the night in progress; an older one is named by its
///   date (`voice.latestNight`), so an answer never calls a week-old night "last night".
/// - **N nights ago**: the night N − 1 days before last night, or that nothing was recorded
///   for it.
/// - **The last few weeks**: the mean of the nightly scores (each the whole score a person
///   saw) and the mean time asleep over the nights with a record among the 21 ending with
///   the night holding `now`, and the same over the 21 before, both rounded half up; "up"
///   or "down" by the rounded mean score, "the same" when equal. Nights without data are
///   skipped, never counted as zero; with no earlier data there is no comparison.
/// - **Sleep debt**: the 7-night debt of ``LogState/sleepDebt(at:)`` (rounded half up to
///   whole minutes) and its recovery estimate: about one night, about N nights, or not
///   shrinking at the recent rate.
public struct VoiceAnswers: Sendable, Hashable {
    /// Nights in each of the two windows compared by ``VoiceQuestion/recentWeeks``.
    public static let weeksWindowNights = 21

    /// The renderer of the answers' text.
    public var renderer: MessageRenderer

    /// Answers rendered by `renderer`.
    public init(renderer: MessageRenderer) {
        self.renderer = renderer
    }

    /// The answer to `question`, rendered.
    public func answer(_ question: VoiceQuestion, state: LogState, at now: Instant) throws(MessageError) -> VoiceAnswer {
        let messages = Self.messages(for: question, state: state, at: now)
        return VoiceAnswer(question: question, messages: messages, text: try renderer.render(messages))
    }

    /// The answer's sentences, as messages (nothing is rendered).
    public static func messages(for question: VoiceQuestion, state: LogState, at now: Instant) -> [Message] {
        switch question {
        case .lastNight: lastNight(state: state, at: now)
        case .nightsAgo(let count): nightsAgo(max(1, count), state: state, at: now)
        case .recentWeeks: recentWeeks(state: state, at: now)
        case .sleepDebt: sleepDebt(state: state, at: now)
        }
    }

    // MARK: The questions

    static func lastNight(state: LogState, at now: Instant) -> [Message] {
        guard let night = state.latestNightWithRecord(at: now), var arguments = nightArguments(night, state: state) else {
            return [Message(.voiceNoNights)]
        }
        if night >= state.lastNightDate(at: now) {
            return [Message(.voiceLastNight, arguments)]
        }
        arguments["date"] = .date(night)
        return [Message(.voiceLatestNight, arguments)]
    }

    static func nightsAgo(_ count: Int, state: LogState, at now: Instant) -> [Message] {
        let night = state.lastNightDate(at: now).adding(days: -(count - 1))
        guard var arguments = nightArguments(night, state: state) else {
            return [Message(.voiceNightsAgoNone, ["date": .date(night)])]
        }
        arguments["date"] = .date(night)
        return [Message(.voiceNightsAgo, arguments)]
    }

    static func recentWeeks(state: LogState, at now: Instant) -> [Message] {
        let last = state.nightPlans.night(holding: now)
        let window = weeksWindowNights
        guard let recent = averages(from: last.adding(days: -(window - 1)), through: last, state: state) else {
            return [Message(.voiceWeeksNone)]
        }
        var messages = [Message(.voiceWeeks, ["score": .integer(recent.score), "asleep": .minutes(recent.asleepMinutes)])]
        guard let earlier = averages(from: last.adding(days: -(2 * window - 1)), through: last.adding(days: -window), state: state) else {
            messages.append(Message(.voiceWeeksNoEarlier))
            return messages
        }
        let arguments: [String: MessageArgument] = ["previousScore": .integer(earlier.score), "previousAsleep": .minutes(earlier.asleepMinutes)]
        if recent.score > earlier.score {
            messages.append(Message(.voiceWeeksUp, arguments))
        } else if recent.score < earlier.score {
            messages.append(Message(.voiceWeeksDown, arguments))
        } else {
            messages.append(Message(.voiceWeeksSame, ["previousAsleep": .minutes(earlier.asleepMinutes)]))
        }
        return messages
    }

    static func sleepDebt(state: LogState, at now: Instant) -> [Message] {
        let debt = state.sleepDebt(at: now)
        guard debt.nightsWithData7 > 0 else { return [Message(.voiceDebtNoData)] }
        let minutes = MorningSummary.roundedHalfUp(debt.last7Minutes)
        guard minutes > 0 else { return [Message(.voiceDebtNone)] }
        var messages = [Message(.voiceDebtSome, ["debt": .minutes(minutes)])]
        switch debt.recoveryNights {
        case .some(let nights):
            // Under one night reads as "about one night".
            messages.append(Message(.voiceDebtRecoveryNights, ["nights": .integer(max(1, nights))]))
        case .none:
            messages.append(Message(.voiceDebtRecoveryUnknown))
        }
        return messages
    }

    // MARK: Figures

    /// `onset`, `asleep` and `score` of `night`, `nil` without a record.
    static func nightArguments(_ night: LocalDate, state: LogState) -> [String: MessageArgument]? {
        guard let record = state.sleep.record(for: night), let score = state.score(for: night) else { return nil }
        let local = LocalTimeResolver(identifier: record.timeZone)?.localDateTime(of: record.onset) ?? record.onset.localDateTime
        guard let onset = TimeOfDay(hour: local.hour, minute: local.minute) else { return nil }
        return [
            "onset": .timeOfDay(onset),
            "asleep": .minutes(SleepRecord.wholeMinutes(record.asleepMilliseconds)),
            "score": .integer(score.total),
        ]
    }

    /// The mean of the nightly (whole) scores and the mean time asleep, each rounded half up,
    /// over the nights with a record from `first` through `last`; `nil` when none has one.
    static func averages(from first: LocalDate, through last: LocalDate, state: LogState) -> (score: Int, asleepMinutes: Int)? {
        var scores = 0.0
        var asleep = 0.0
        var count = 0
        for night in state.sleep.nightsWithData where night >= first && night <= last {
            guard let record = state.sleep.record(for: night), let score = state.score(for: night) else { continue }
            scores += Double(score.total)
            asleep += record.asleepMinutes
            count += 1
        }
        guard count > 0 else { return nil }
        return (MorningSummary.roundedHalfUp(scores / Double(count)), MorningSummary.roundedHalfUp(asleep / Double(count)))
    }
}
