import Foundation
import Summaries
import Events
import Localization
import Projections

/// The small formatting rules the text report and the page share, so both say the same
/// figures the same way.
enum ReportFormat {
    /// "7 hours 36 minutes", "1 hour", "45 minutes" (whole minutes, half up).
    static func spokenDuration(_ milliseconds: Int64) -> String {
        let minutes = SleepRecord.wholeMinutes(milliseconds)
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return count(rest, "minute") }
        if rest == 0 { return count(hours, "hour") }
        return count(hours, "hour") + " " + count(rest, "minute")
    }

    /// "7h36" style, for tables and chart labels (whole minutes, half up).
    static func shortDuration(_ milliseconds: Int64) -> String {
        let minutes = SleepRecord.wholeMinutes(milliseconds)
        let sign = minutes < 0 ? "-" : ""
        let magnitude = abs(minutes)
        return sign + "\(magnitude / 60)h" + (magnitude % 60 < 10 ? "0" : "") + "\(magnitude % 60)"
    }

    /// Minutes as "7h36", "-0h20".
    static func shortDuration(minutes: Double) -> String {
        shortDuration(Int64((minutes * 60_000).rounded()))
    }

    /// "1 interruption", "3 interruptions", "0 interruptions".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)" + (value == 1 ? "" : "s")
    }

    /// The wall-clock time of `instant` as it was given (its own offset): "22:41".
    static func clock(_ instant: Instant) -> String {
        let local = instant.localDateTime
        return two(local.hour) + ":" + two(local.minute)
    }

    /// "Mon 30 Nov" for a night.
    static func nightLabel(_ night: LocalDate) -> String {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[night.weekday - 1]) \(night.day) \(months[night.month - 1])"
    }

    static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The coach's weekly summary (`InsightsSummary`) as sentences in the report's language.
    static func insightSentences(_ insights: Insights, renderer: MessageRenderer) -> [String] {
        InsightsSummary(insights).messages.map { message in
            (try? renderer.render(message)) ?? message.id.rawValue
        }
    }
}
