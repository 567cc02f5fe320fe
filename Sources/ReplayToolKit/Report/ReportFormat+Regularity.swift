import Events
import Localization
import Projections

/// The words of the report's regularity and habits (docs/rules.md §12), shared by the text
/// report and the page: descriptive only, what went together, never why, never a grade.
extension ReportFormat {
    /// The index sentence for its 14 nights (and the two weeks before when there is an index
    /// for them), how the two compare, and what the scale means.
    static func regularitySentences(_ regularity: SleepRegularity, renderer: MessageRenderer) -> [String] {
        var arguments: [String: MessageArgument] = ["from": .text(regularity.from.iso), "to": .text(regularity.to.iso)]
        guard let sri = regularity.sriTenths else {
            arguments["pairs"] = .integer(regularity.pairs)
            return [renderer.text(.reportRegularityNone, arguments)]
        }
        arguments["sri"] = .text(localNumber(SleepRegularity.text(tenths: sri), renderer))
        var sentences: [String] = []
        if let previous = regularity.previousSriTenths {
            arguments["previous"] = .text(localNumber(SleepRegularity.text(tenths: previous), renderer))
            sentences.append(renderer.text(.reportRegularityIndexPrevious, arguments))
        } else {
            sentences.append(renderer.text(.reportRegularityIndex, arguments))
        }
        switch regularity.comparison {
        case .more: sentences.append(renderer.text(.reportRegularityMore))
        case .about: sentences.append(renderer.text(.reportRegularityAbout))
        case .less: sentences.append(renderer.text(.reportRegularityLess))
        case nil: break
        }
        sentences.append(renderer.text(.reportRegularityScale))
        return sentences
    }

    /// The habits: which nights they cover, then for caffeine late against earlier, workouts
    /// late against earlier, and workouts against none, the two groups' mean latency and
    /// asleep time when both have enough nights, else their counts and that they are too few
    /// to compare (nothing for a pair where neither group has a night).
    static func habitSentences(_ habits: Habits, renderer: MessageRenderer) -> [String] {
        let window: [String: MessageArgument] = ["from": .text(habits.from.iso), "to": .text(habits.to.iso)]
        guard habits.nights > 0 else { return [renderer.text(.reportHabitsNone, window)] }
        var sentences = [renderer.text(.reportHabitsIntro, window.merging(["nights": .integer(habits.nights)]) { $1 })]
        let pairs: [(Habits.Group, MessageID, Habits.Group, MessageID)] = [
            (habits.caffeineLate, .reportHabitsCaffeineLate, habits.caffeineEarlier, .reportHabitsCaffeineEarlier),
            (habits.workoutsLate, .reportHabitsWorkoutLate, habits.workoutsEarlier, .reportHabitsWorkoutEarlier),
            (habits.workoutsAny, .reportHabitsWorkoutAny, habits.workoutsNone, .reportHabitsWorkoutNone),
        ]
        for (group, groupName, other, otherName) in pairs {
            guard !group.nights.isEmpty || !other.nights.isEmpty else { continue }
            let arguments: [String: MessageArgument] = [
                "nights": .integer(group.nights.count), "group": .message(Message(groupName)),
                "otherNights": .integer(other.nights.count), "otherGroup": .message(Message(otherName)),
            ]
            let compared = group.nights.count >= Habits.minimumNights && other.nights.count >= Habits.minimumNights
            guard compared else {
                sentences.append(renderer.text(.reportHabitsTooFew, arguments))
                continue
            }
            func difference(_ id: MessageID, _ value: Int, _ otherValue: Int) -> String {
                let change = value - otherValue
                return renderer.text(id, arguments.merging([
                    "change": .text(change > 0 ? "longer" : change < 0 ? "shorter" : "same"), "minutes": .integer(abs(change)),
                ]) { $1 })
            }
            if let latency = group.latencyMinutes, let otherLatency = other.latencyMinutes {
                sentences.append(difference(.reportHabitsLatency, latency, otherLatency))
            }
            if let asleep = group.asleepMinutes, let otherAsleep = other.asleepMinutes {
                sentences.append(difference(.reportHabitsAsleep, asleep, otherAsleep))
            }
        }
        return sentences
    }
}
