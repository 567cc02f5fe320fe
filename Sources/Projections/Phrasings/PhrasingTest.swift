import Events

/// One reminder's test of its three phrasings as of an instant (docs/rules.md §14): how many
/// nights showed each phrasing and how many of those the person engaged with, and the phrasing
/// chosen once the test settled.
public struct PhrasingTest: Sendable, Hashable {
    /// One phrasing's nights.
    public struct Variant: Sendable, Hashable {
        /// The phrasing: 0, 1 or 2.
        public var variant: Int
        /// The shown nights that showed it: planned real nights whose reminder fired at or
        /// before the instant while pending.
        public var shown: Int
        /// Of those, the nights with a `why` or `done` on the reminder (several count once).
        public var engaged: Int

        /// Creates the value from its parts.
        public init(variant: Int, shown: Int, engaged: Int) {
            self.variant = variant
            self.shown = shown
            self.engaged = engaged
        }
    }

    /// The reminder's template id.
    public var template: String
    /// The phrasing chosen when the test settled; `nil` while it is testing.
    public var chosen: Int?
    /// The fire time at which the test settled; `nil` while it is testing.
    public var settledAt: Instant?
    /// Phrasings 0, 1 and 2, in order.
    public var variants: [Variant]

    /// Creates the value from its parts.
    public init(template: String, chosen: Int?, settledAt: Instant?, variants: [Variant]) {
        self.template = template
        self.chosen = chosen
        self.settledAt = settledAt
        self.variants = variants
    }
}

extension ReminderTemplate {
    /// Nights each phrasing must have been shown before the test settles.
    public static let phrasingTestNights = 7
    /// The template's place in ``all`` (0 … 10), the `i` of the weekly rotation.
    public var place: Int? {
        Self.all.firstIndex { $0.id == id }
    }

    /// The Monday the weekly rotation counts whole weeks from.
    static let rotationEpoch = LocalDate(daysSince1970: 10_959)  // 2000-01-03

    /// The phrasing night `night` shows of the reminder at `templateIndex` in ``all`` while its
    /// test is open: (W + i) mod 3, W the whole weeks from 2000-01-03 to the night's Monday, i
    /// the index, so the phrasings rotate weekly and neighbouring reminders differ.
    public static func weeklyVariant(templateIndex: Int, night: LocalDate) -> Int {
        let days = night.daysSince1970 - rotationEpoch.daysSince1970
        // Whole weeks, rounded down for nights before the epoch too.
        let weeks = days >= 0 ? days / 7 : -((-days + 6) / 7)
        let variant = (weeks + templateIndex) % variantCount
        return variant < 0 ? variant + variantCount : variant
    }
}
