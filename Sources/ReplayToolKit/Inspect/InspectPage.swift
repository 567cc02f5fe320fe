import Events
import Goldens
import StrictJSON

/// The page `replay-tool inspect --html` writes: one self-contained HTML file (its style and
/// script inline, nothing loaded from outside) holding the range's events and what each
/// step changed as data, which the page's script lays out (``InspectPageScript``).
///
/// The data is one JSON object in a `<script type="application/json">` element, every `<`
/// written `\u003c` so no text of the log can close the element; the script sets every
/// piece of the log's text as text, never as markup.
struct InspectPage {
    /// The log's path as given, shown in the heading.
    var logName: String
    var nights: ClosedRange<LocalDate>
    var history: StepHistory

    /// The whole page.
    var html: String {
        let title = nights.lowerBound == nights.upperBound
            ? "Events of the night \(nights.lowerBound.iso)" : "Events of the nights \(nights.lowerBound.iso) to \(nights.upperBound.iso)"
        let events = history.changes.reduce(0) { $0 + $1.step.events.count }
        let escapedTitle = ReportPageMarkup.escape(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="color-scheme" content="dark light" />
            <title>\(escapedTitle) · MoreSleep inspector</title>
            <style>
            \(InspectPageStyle.sheet)
            </style>
            </head>
            <body>
            <header class="page-header">
            <p class="eyebrow">MoreSleep inspector</p>
            <h1>\(escapedTitle)</h1>
            <p class="summary">\(ReportPageMarkup.escape(logName)): \(events) event\(events == 1 ? "" : "s") in \(history.changes.count) step\(history.changes.count == 1 ? "" : "s") (the log holds \(history.eventCount)). Select an event, or step with the arrow keys.</p>
            </header>
            <main class="layout">
            <section class="browse" aria-label="Events">
            <form class="filters" id="filters">
            <label>Event type <select id="filter-type"><option value="">every type</option></select></label>
            <label>Device <select id="filter-device"><option value="">every device</option></select></label>
            <label>Night <select id="filter-night"><option value="">every night</option></select></label>
            </form>
            <p class="count" id="count"></p>
            <div class="timeline" id="timeline" aria-label="Timeline: one row a night, noon to noon, a lane a device"></div>
            <table class="events" id="events">
            <thead><tr><th scope="col">Night</th><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Device</th></tr></thead>
            <tbody id="event-rows"></tbody>
            </table>
            </section>
            <aside class="detail" id="detail" aria-live="polite">
            <p class="hint" id="detail-empty">No event selected.</p>
            </aside>
            </main>
            <script type="application/json" id="inspect-data">\(dataText)</script>
            <script>
            \(InspectPageScript.source)
            </script>
            </body>
            </html>

            """
    }

    /// The data as JSON text, safe inside a `<script>` element.
    var dataText: String {
        var bytes: [UInt8] = []
        JSONWriter.write(data, into: &bytes)
        var safe: [UInt8] = []
        safe.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == UInt8(ascii: "<") {
                safe += Array("\\u003c".utf8)
            } else {
                safe.append(byte)
            }
        }
        return String(decoding: safe, as: UTF8.self)
    }

    /// `{"nights": [...], "steps": [...], "events": [...]}`: every night of the range, each
    /// step's change, and each event with the index of its step.
    var data: JSONValue {
        var nightList: [JSONValue] = []
        var night = nights.lowerBound
        while night <= nights.upperBound {
            nightList.append(.string(night.iso))
            night = night.adding(days: 1)
        }
        var steps: [JSONValue] = []
        var events: [JSONValue] = []
        for (index, change) in history.changes.enumerated() {
            var step = JSONObject()
            step.append("title", .string(change.title))
            step.append("asOf", .string(change.asOf.rfc3339))
            step.append("nights", .string(change.nights.description))
            step.append("count", .number(JSONNumber(Int64(change.step.events.count))))
            step.append("applied", .number(JSONNumber(Int64(change.appliedCount))))
            step.append("differences", .array(change.differences.map { difference in
                .array([.string(difference.path), difference.expected.map(JSONValue.string) ?? .null, difference.actual.map(JSONValue.string) ?? .null])
            }))
            steps.append(.object(step))
            for event in change.step.events {
                events.append(Self.event(event, step: index, causes: history.causes(of: event)))
            }
        }
        var root = JSONObject()
        root.append("nights", .array(nightList))
        root.append("steps", .array(steps))
        root.append("events", .array(events))
        return .object(root)
    }

    /// One event: its key (the link's fragment: `12`, or `watch-77b1:12` in a log set), its
    /// place, type, instant, local time, night, minute from noon, device, source, id, step
    /// and causes.
    static func event(_ event: RecordedEvent, step: Int, causes: [StepHistory.CauseLink]) -> JSONValue {
        let local = event.at.millisecondsSince1970 + Int64(event.at.utcOffsetSeconds) * 1000
        let minuteOfDay = Int(((local / 60_000) % 1440 + 1440) % 1440)
        var object = JSONObject()
        object.append("key", .string(event.stream.map { "\($0):\(event.seq)" } ?? "\(event.seq)"))
        object.append("place", .string(event.place))
        object.append("type", .string(event.typeName))
        object.append("at", .string(event.at.rfc3339))
        object.append("time", .string(String(format2: minuteOfDay / 60) + ":" + String(format2: minuteOfDay % 60)))
        object.append("night", .string(event.at.nightDate.iso))
        object.append("minute", .number(JSONNumber(Int64((minuteOfDay - 720 + 1440) % 1440))))
        object.append("device", .string(event.stream ?? event.event.source?.rawValue ?? "no source"))
        object.append("source", event.event.source.map { .string($0.rawValue) } ?? .null)
        object.append("id", .string(event.event.id))
        object.append("step", .number(JSONNumber(Int64(step))))
        object.append("causes", .array(causes.map { .string($0.text) }))
        return .object(object)
    }
}

private extension String {
    /// `value` with at least two digits.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
