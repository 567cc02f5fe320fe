import Events
import Localization
import Projections
import Summaries
import Testing

/// Every pending notification has a title and a body in the person's language.
struct NotificationMessageTests {
    static let night = Night.date(LocalDate(daysSince1970: 20_000))
    static let at = Instant(millisecondsSince1970: 1_796_000_000_000, utcOffsetSeconds: 3600)

    @Test(arguments: ["en", "de", "ar"])
    func everyKindRendersInEachLanguage(_ language: String) throws {
        let renderer = MessageRenderer(locale: MessageLocale(language))
        var kinds: [PendingNotification.Kind] = ReminderTemplate.all.map { .reminder($0) }
        kinds += AppTier.allCases.map { .blockWarning(tier: $0, minutesBeforeActivation: 5) } + [.freeWindowEnding]
        for kind in kinds {
            let notification = PendingNotification(night: Self.night, kind: kind, fireAt: Self.at, haptic: .click)
            let title = try renderer.render(notification.titleMessage)
            let body = try renderer.render(notification.bodyMessage)
            #expect(!title.isEmpty && !body.isEmpty)
            #expect(MessageCatalog.shipped(for: MessageLocale(language)).templates[notification.titleMessage.id] != nil, "\(notification.titleMessage.id) is in the \(language) table itself")
        }
    }

    @Test func aReminderIsWordedInThePhrasingItShows() throws {
        let english = MessageRenderer(locale: MessageLocale("en"))
        let template = try #require(ReminderTemplate.template(id: "screens_off"))
        var reminder = PendingNotification(night: Self.night, kind: .reminder(template), fireAt: Self.at, haptic: .click, variant: 2)
        #expect(reminder.titleMessage.id == .reminderTitle(template, variant: 2))
        #expect(reminder.bodyMessage.id == .reminderBody(template, variant: 2))
        #expect(try english.render(reminder.titleMessage) != template.title)
        reminder.variant = nil
        #expect(try english.render(reminder.titleMessage) == template.title, "without a phrasing, variant 0")
    }

    @Test func aBlockWarningNamesItsTierAndCountsItsMinutes() throws {
        let english = MessageRenderer(locale: .english)
        let first = PendingNotification(night: Self.night, kind: .blockWarning(tier: .blockFirst, minutesBeforeActivation: 1), fireAt: Self.at, haptic: .click)
        #expect(try english.render(first.bodyMessage) == "The apps you block first lock in 1 minute.")
        let later = PendingNotification(night: Self.night, kind: .blockWarning(tier: .block30Min, minutesBeforeActivation: 10), fireAt: Self.at, haptic: .click)
        #expect(try english.render(later.bodyMessage) == "The apps you block before bed lock in 10 minutes.")
        let arabic = MessageRenderer(locale: MessageLocale("ar"))
        #expect(try arabic.render(first.bodyMessage).contains("دقيقة واحدة"))
        let reminder = PendingNotification(night: Self.night, kind: .reminder(try #require(ReminderTemplate.template(id: "screens_off"))), fireAt: Self.at, haptic: .click)
        #expect(try english.render(reminder.titleMessage) == "Screens off", "the English title is the template's own")
    }
}
