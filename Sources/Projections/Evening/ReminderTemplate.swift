/// One of the eleven reminder templates of docs/rules.md §2.1, with the checked science behind it.
///
/// Titles, emoji and times are exactly the table of docs/rules.md §2.1; the bodies are short and
/// honest, and promise nothing medical. Every template's science comes from
/// ``ScienceLibrary`` (generated from `Scripts/science-facts.md`): ``science`` is the reminder's
/// primary reference (the row naming it without an aspect), ``supportingScience`` the rows
/// that add an aspect (`last_meal (clock)`, `warm_lighting (red)`).
///
/// **Checklist** (docs/rules.md §2.2, "the nine reminders before bedtime"): a template is a checklist
/// item when it fires strictly before bedtime, at an offset below 0. That is nine templates,
/// from `last_meal` to `almost_bedtime`; `bedtime` (at bedtime, offset 0) is the moment the
/// checklist leads up to, not an item of it, and `sunlight` fires at wake time, the next
/// morning.
public struct ReminderTemplate: Sendable, Hashable, Identifiable {
    /// When a template fires, relative to that night's plan.
    public enum Anchor: Sendable, Hashable {
        /// `minutes` (0…240) before that night's bedtime; 0 is bedtime itself.
        case beforeBedtime(minutes: Int)
        /// At that night's wake time (bedtime + sleep need).
        case wakeTime
    }

    /// The notification category of every reminder template (docs/rules.md §2.5: actions why, done).
    public static let notificationCategory = "winddown_reminder"

    /// How many phrasings each template has (docs/rules.md §14, "words that stay fresh"): variants
    /// 0 … `variantCount − 1` of its title and body, variant 0 being ``title`` and ``body``.
    /// The phrasings are messages (`MessageID.reminderTitle(_:variant:)` in Localization); the
    /// science, citation and evidence grade are the template's, the same for every variant.
    public static let variantCount = 3

    /// The template's id, such as `last_meal`.
    public let id: String
    /// When it fires.
    public let anchor: Anchor
    /// The emoji shown with the title.
    public let emoji: String
    /// The title, exactly as in docs/rules.md §2.1, such as "Bedtime. You got this.".
    public let title: String
    /// A short, honest line under the title.
    public let body: String
    /// The primary science reference.
    public let science: ScienceReference
    /// Further references on other aspects of the same reminder, in `Scripts/science-facts.md` order;
    /// usually empty.
    public let supportingScience: [ScienceReference]

    /// Minutes from bedtime (−240 … 0), or `nil` for a template that fires at wake time.
    public var offsetMinutes: Int? {
        switch anchor {
        case .beforeBedtime(let minutes): -minutes
        case .wakeTime: nil
        }
    }

    /// The longest lead before bedtime of any template, in minutes.
    static let longestLeadMinutes = all.compactMap { $0.offsetMinutes.map { -$0 } }.max() ?? 0

    /// Whether the template is an item of the night's checklist: it fires strictly before
    /// bedtime (see the type's documentation).
    public var isChecklistItem: Bool {
        switch anchor {
        case .beforeBedtime(let minutes): minutes > 0
        case .wakeTime: false
        }
    }

    /// The notification category, ``notificationCategory`` for every template.
    public var category: String { Self.notificationCategory }

    /// The primary reference and the supporting ones, in that order.
    public var allScience: [ScienceReference] { [science] + supportingScience }

    /// A template whose science is in ``ScienceLibrary``; `nil` when the library has none for
    /// `id` (a test pins that all eleven do).
    init?(id: String, anchor: Anchor, emoji: String, title: String, body: String) {
        let references = ScienceLibrary.references(for: id)
        guard let primary = references.first else { return nil }
        self.id = id
        self.anchor = anchor
        self.emoji = emoji
        self.title = title
        self.body = body
        self.science = primary
        self.supportingScience = Array(references.dropFirst())
    }

    /// The eleven templates, in the order of docs/rules.md §2.1 (the order they fire in a night,
    /// then the next morning's `sunlight`).
    public static let all: [ReminderTemplate] = [
        ReminderTemplate(
            id: "last_meal", anchor: .beforeBedtime(minutes: 240), emoji: "🍽️",
            title: "Last meal window closing soon",
            body: "Have your last meal in the next hour. In one large survey, eating within 3 hours of bed went with more waking in the night."
        ),
        ReminderTemplate(
            id: "stop_eating", anchor: .beforeBedtime(minutes: 180), emoji: "🚫",
            title: "Stop eating now",
            body: "Three hours to bed: the kitchen is closed for tonight. Late eating is linked to more night waking."
        ),
        ReminderTemplate(
            id: "last_water", anchor: .beforeBedtime(minutes: 150), emoji: "💧",
            title: "Last water for the night",
            body: "Have your last big drink now. Less fluid late in the evening can mean fewer trips to the bathroom at night."
        ),
        ReminderTemplate(
            id: "warm_lighting", anchor: .beforeBedtime(minutes: 120), emoji: "💡",
            title: "Switch to warm lighting",
            body: "Dim the lights and go warm. Blue light holds back melatonin, your body's night-time signal; dim red light barely does."
        ),
        ReminderTemplate(
            id: "wind_down", anchor: .beforeBedtime(minutes: 90), emoji: "📵",
            title: "Wind-down is starting",
            body: "Ninety minutes to bed. Start slowing down and put the bright screens away."
        ),
        ReminderTemplate(
            id: "screens_off", anchor: .beforeBedtime(minutes: 60), emoji: "📱",
            title: "Screens off",
            body: "Phone down for the night. In a lab study, reading on a screen before bed pushed sleep and melatonin later."
        ),
        ReminderTemplate(
            id: "read", anchor: .beforeBedtime(minutes: 45), emoji: "📖",
            title: "Time to read",
            body: "Pick up a printed book. Reading on paper rather than a screen skips the screen's delay."
        ),
        ReminderTemplate(
            id: "cool_room", anchor: .beforeBedtime(minutes: 30), emoji: "🌡️",
            title: "Cool your room down",
            body: "Open a window or turn the heating down. Heat disturbs sleep, and about 18 °C (65 °F) suits most people."
        ),
        ReminderTemplate(
            id: "almost_bedtime", anchor: .beforeBedtime(minutes: 15), emoji: "🌙",
            title: "Almost bedtime",
            body: "Fifteen minutes to go. Teeth, alarm, lights low, and head to bed."
        ),
        ReminderTemplate(
            id: "bedtime", anchor: .beforeBedtime(minutes: 0), emoji: "😴",
            title: "Bedtime. You got this.",
            body: "Lights out. Going to bed at the same time each night helps keep your body clock steady."
        ),
        ReminderTemplate(
            id: "sunlight", anchor: .wakeTime, emoji: "☀️",
            title: "Get sunlight in 30 minutes",
            body: "Get outside within half an hour of waking. Bright morning light moves your body clock earlier, which helps an earlier bedtime stick."
        ),
    ].compactMap { $0 }

    /// The nine checklist templates, in firing order (see the type's documentation).
    public static let checklist: [ReminderTemplate] = all.filter(\.isChecklistItem)

    /// The template with `id`, or `nil` if there is none.
    public static func template(id: String) -> ReminderTemplate? {
        all.first { $0.id == id }
    }
}
