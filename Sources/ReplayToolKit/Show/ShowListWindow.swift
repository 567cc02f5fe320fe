import Events
import Projections

/// The nights one per-night list of `show`'s text form (plans, sleep, exits by night,
/// scores) shows. Without `--from`/`--to` a list shows a bounded window however long the
/// log or however far the instant: the latest ``nightsUpToAsOf`` nights with a row up to
/// asOf's night and the first ``nightsAfterAsOf`` nights with a row after it; the nights
/// left out on either side are summed up in a line that names how many there are and a
/// `--from D --to D` that lists the closest of them. With a range, every night of the list
/// (already the range's) is shown. The JSON view never uses this: it lists everything.
struct ShowListWindow: Sendable, Equatable {
    /// How many nights with a row, ending with asOf's night, a list shows without a range.
    static let nightsUpToAsOf = 14
    /// How many nights with a row after asOf's night a list shows without a range (the
    /// plans of the week ahead).
    static let nightsAfterAsOf = 7
    /// How many hidden nights the suggested range of a summary line holds at most.
    static let suggestedNights = 14

    /// The list's nights before the shown ones, oldest first.
    var earlier: [LocalDate]
    /// The nights shown, oldest first.
    var shown: [LocalDate]
    /// The list's nights after the shown ones, oldest first.
    var later: [LocalDate]

    /// The window of `nights` (ascending, each once) around `asOfNight`.
    init(nights: [LocalDate], asOfNight: LocalDate) {
        let split = nights.firstIndex { $0 > asOfNight } ?? nights.endIndex
        let upTo = nights[..<split]
        let after = nights[split...]
        earlier = Array(upTo.dropLast(Self.nightsUpToAsOf))
        shown = Array(upTo.suffix(Self.nightsUpToAsOf)) + Array(after.prefix(Self.nightsAfterAsOf))
        later = Array(after.dropFirst(Self.nightsAfterAsOf))
    }

    /// Every night of `nights` shown (a range was given).
    init(showingAll nights: [LocalDate]) {
        earlier = []
        shown = nights
        later = []
    }

    /// The window of `nights` for the text form: bounded without a range, everything with one.
    static func make(_ nights: [LocalDate], asOfNight: LocalDate, range: NightFilter) -> ShowListWindow {
        range.isAll ? ShowListWindow(nights: nights, asOfNight: asOfNight) : ShowListWindow(showingAll: nights)
    }

    /// Whether every night of the list is shown.
    var showsEverything: Bool { earlier.isEmpty && later.isEmpty }

    /// How many nights the list has.
    var total: Int { earlier.count + shown.count + later.count }

    /// The nights shown as a filter (`from` the first to the last shown; as the shown
    /// nights are a run of the list, it keeps exactly them); `nil` when none is shown.
    var shownFilter: NightFilter? {
        guard let first = shown.first, let last = shown.last else { return nil }
        return NightFilter(from: first, to: last)
    }

    /// The range a summary line suggests for the earlier nights: the latest
    /// ``suggestedNights`` of them, right before the shown ones; `nil` when none is hidden.
    var earlierRange: NightFilter? {
        let closest = earlier.suffix(Self.suggestedNights)
        guard let first = closest.first, let last = closest.last else { return nil }
        return NightFilter(from: first, to: last)
    }

    /// The range a summary line suggests for the later nights: the first
    /// ``suggestedNights`` of them, right after the shown ones; `nil` when none is hidden.
    var laterRange: NightFilter? {
        let closest = later.prefix(Self.suggestedNights)
        guard let first = closest.first, let last = closest.last else { return nil }
        return NightFilter(from: first, to: last)
    }

    /// `  … 1,986 earlier nights not shown (2021-01-03 to 2026-05-20); --from 2026-05-07
    /// --to 2026-05-20 shows the 14 before these`, or nothing when none is hidden.
    var earlierLine: String {
        guard let range = earlierRange, let first = earlier.first, let last = earlier.last else { return "" }
        return Self.line(count: earlier.count, side: "earlier", first: first, last: last, range: range, closest: earlier.suffix(Self.suggestedNights).count, where: "before")
    }

    /// `  … 3 later nights not shown (…); --from D --to D shows them`, or nothing when none
    /// is hidden.
    var laterLine: String {
        guard let range = laterRange, let first = later.first, let last = later.last else { return "" }
        return Self.line(count: later.count, side: "later", first: first, last: last, range: range, closest: later.prefix(Self.suggestedNights).count, where: "after")
    }

    private static func line(count: Int, side: String, first: LocalDate, last: LocalDate, range: NightFilter, closest: Int, where position: String) -> String {
        let nights = count == 1 ? "1 \(side) night" : "\(grouped(count)) \(side) nights"
        let span = first == last ? first.iso : "\(first.iso) to \(last.iso)"
        let arguments = "--from \(range.from?.iso ?? "") --to \(range.to?.iso ?? "")"
        let what = closest == count ? (count == 1 ? "shows it" : "shows them") : "shows the \(closest) \(position) these"
        return "  … \(nights) not shown (\(span)); \(arguments) \(what)\n"
    }

    /// `1986` → `1,986`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
