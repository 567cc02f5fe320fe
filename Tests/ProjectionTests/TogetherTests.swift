import Events
import Projections
import StrictJSON
import Testing

/// `LogState.together(at:)` and the shares made from the own log (docs/rules.md §13).
@Suite("Together: the group's weeks, last night, and shares made from the log")
struct TogetherTests {
    static func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }
    static func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }

    /// A goal from 2026-11-23 (bedtime 23:00), in bed by 22:50 on the Monday … Thursday of
    /// 2026-W48 and at 01:00 on its Friday; `extra` after.
    static func state(_ extra: [EventPayload] = [], at extraAt: String = "2026-12-01T08:00:00+01:00") throws -> LogState {
        var events: [Event] = []
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "23:30"), targetBedtime: try TimeOfDay(text: "23:00"), days: 7, firstNight: try date("2026-11-23"))
        events.append(Event(id: "goal", at: try instant("2026-11-20T20:00:00+01:00"), timeZone: "Europe/Berlin", payload: .goalSet(goal)))
        for (day, time) in [(23, "2026-11-23T22:50:00+01:00"), (24, "2026-11-24T22:50:00+01:00"), (25, "2026-11-25T22:50:00+01:00"),
                            (26, "2026-11-26T22:50:00+01:00"), (27, "2026-11-28T01:00:00+01:00")] {
            events.append(Event(id: "bed\(day)", at: try instant(time), timeZone: "Europe/Berlin",
                                payload: .wentToBed(NightAction(night: .date(try date("2026-11-\(day)"))))))
        }
        for (index, payload) in extra.enumerated() {
            events.append(Event(id: "x\(index)", at: try instant(extraAt).adding(seconds: Int64(index)), timeZone: "Europe/Berlin", source: .share, payload: payload))
        }
        var runner = ProjectionRunner<LogState>()
        let recorded = events.enumerated().map { RecordedEvent(seq: $0.offset + 1, event: $0.element) }
        for event in recorded.sorted(by: { ($0.event.at.millisecondsSince1970, $0.seq) < ($1.event.at.millisecondsSince1970, $1.seq) }) { runner.apply(event) }
        return runner.state
    }

    static func week(_ text: String) throws -> ISOWeek { try ISOWeek(text: text) }

    static func received(_ share: Share) -> EventPayload { .shareReceived(ShareReceived(share: share)) }

    @Test func theLatestWeekOverEndsWithItsSundaysSpan() throws {
        let state = try Self.state()
        // W48's Sunday (2026-11-29) spans to Monday 12:00.
        #expect(state.latestWeekOver(at: try Self.instant("2026-11-30T11:59:59+01:00")).text == "2026-W47")
        #expect(state.latestWeekOver(at: try Self.instant("2026-11-30T12:00:00+01:00")).text == "2026-W48")
        #expect(state.latestWeekOver(at: try Self.instant("2026-12-06T23:00:00+01:00")).text == "2026-W48")
        // Across a year's end: 2026-W53 is 2026-12-28 … 2027-01-03.
        #expect(state.latestWeekOver(at: try Self.instant("2027-01-04T12:00:00+01:00")).text == "2026-W53")
        #expect(state.latestWeekOver(at: try Self.instant("2027-01-04T11:00:00+01:00")).text == "2026-W52")
    }

    @Test func youAreTheOwnLogsWeek() throws {
        let together = try Self.state().together(at: try Self.instant("2026-12-01T09:00:00+01:00"))
        #expect(together.week.text == "2026-W48")
        #expect(together.previousWeek.week.text == "2026-W47")
        #expect(together.members == [Together.Member(person: "you", isYou: true, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: nil)])
        #expect(together.previousWeek.members == [Together.Member(person: "you", isYou: true, nightsPlanned: 0, nightsOnTarget: 0, sriTenths: nil)])
    }

    @Test func membersAreRankedBySriThenNightsThenName() throws {
        let w48 = try Self.week("2026-W48")
        let shares: [Share] = [
            .week(WeekShare(person: "Noor", week: w48, nightsPlanned: 7, nightsOnTarget: 2, sriTenths: nil)),
            .week(WeekShare(person: "Sam", week: w48, nightsPlanned: 7, nightsOnTarget: 3, sriTenths: 812)),
            .week(WeekShare(person: "Zoe", week: w48, nightsPlanned: 7, nightsOnTarget: 5, sriTenths: 812)),
            .week(WeekShare(person: "Ann", week: w48, nightsPlanned: 7, nightsOnTarget: 3, sriTenths: 812)),
            .week(WeekShare(person: "Émile", week: w48, nightsPlanned: 7, nightsOnTarget: 3, sriTenths: 812)),
            .week(WeekShare(person: "Bo", week: w48, nightsPlanned: 7, nightsOnTarget: 0, sriTenths: -50)),
            .week(WeekShare(person: "you", week: w48, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: nil)),
            .week(WeekShare(person: "Yan", week: w48, nightsPlanned: 7, nightsOnTarget: 4, sriTenths: nil)),
            // Another week: not in W48's rows.
            .week(WeekShare(person: "Old", week: w48.previous, nightsPlanned: 1, nightsOnTarget: 1, sriTenths: 999)),
        ]
        let together = try Self.state(shares.map(Self.received)).together(at: try Self.instant("2026-12-01T09:00:00+01:00"))
        // 812 (5 on target, then 3: Ann < Sam < Émile by code points), −50, then null: 4 on
        // target (Yan < you < the received "you"), then Noor's 2.
        #expect(together.members.map(\.person) == ["Zoe", "Ann", "Sam", "Émile", "Bo", "Yan", "you", "you", "Noor"])
        #expect(together.members.map(\.isYou) == [false, false, false, false, false, false, true, false, false])
        #expect(together.previousWeek.members.map(\.person) == ["Old", "you"])
        #expect(together.members.first?.sri == 81.2)
    }

    @Test func aPersonCorrectingAWeekCountsOnce() throws {
        let w48 = try Self.week("2026-W48")
        let first = WeekShare(person: "Sam", week: w48, nightsPlanned: 7, nightsOnTarget: 6, sriTenths: 900)
        let corrected = WeekShare(person: "Sam", week: w48, nightsPlanned: 7, nightsOnTarget: 3, sriTenths: 700)
        let together = try Self.state([Self.received(.week(first)), Self.received(.week(corrected)), Self.received(.week(first))])
            .together(at: try Self.instant("2026-12-01T09:00:00+01:00"))
        #expect(together.members.filter { !$0.isYou } == [Together.Member(person: "Sam", isYou: false, nightsPlanned: 7, nightsOnTarget: 3, sriTenths: 700)])
    }

    @Test func lastNightIsTheNightHoldingTwelveHoursAgo() throws {
        let nov30 = try Self.date("2026-11-30")
        let dec1 = try Self.date("2026-12-01")
        let shares: [Share] = [
            .night(NightShare(person: "Sam", night: nov30, onTarget: true)),
            .night(NightShare(person: "Noor", night: nov30, onTarget: false)),
            .night(NightShare(person: "Ann", night: nov30, onTarget: true)),
            .night(NightShare(person: "Émile", night: nov30, onTarget: true)),
            .night(NightShare(person: "Bo", night: dec1, onTarget: true)),
            // Noor corrects the night: the later share counts.
            .night(NightShare(person: "Noor", night: nov30, onTarget: true)),
        ]
        let state = try Self.state(shares.map(Self.received), at: "2026-12-01T07:00:00+01:00")
        let morning = state.together(at: try Self.instant("2026-12-01T09:00:00+01:00")).lastNight
        #expect(morning.night == nov30)
        #expect(morning.onTarget == ["Ann", "Noor", "Sam", "Émile"])
        #expect(state.together(at: try Self.instant("2026-12-01T23:59:00+01:00")).lastNight.night == nov30)
        let next = state.together(at: try Self.instant("2026-12-02T00:00:00+01:00")).lastNight
        #expect(next.night == dec1)
        #expect(next.onTarget == ["Bo"])
    }

    @Test func aMalformedShareIsSkippedWithAWarningAndNeverHalts() throws {
        let line = #"{"seq":1,"id":"m","type":"shareReceived","v":1,"at":"2026-12-01T08:00:00+01:00","tz":"Europe/Berlin","source":"share","data":{"share":{"kind":"night","v":1,"shareId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","person":"\u202eSam","night":"2026-11-30","onTarget":true}}}"#
        var decoder = EventLineDecoder()
        let poison = try decoder.decode(line: Array(line.utf8))
        var runner = ProjectionRunner<LogState>()
        runner.apply(poison)
        let good = Event(id: "g", at: try Self.instant("2026-12-01T08:01:00+01:00"), timeZone: "Europe/Berlin",
                         payload: Self.received(.night(NightShare(person: "Sam", night: try Self.date("2026-11-30"), onTarget: true))))
        runner.apply(RecordedEvent(seq: 2, event: good))
        #expect(runner.warnings.all.map(\.rule) == [.share])
        #expect(runner.warnings.all.first?.description.contains("share.person") == true)
        #expect(runner.state.shares.nightShares.map(\.person) == ["Sam"])
    }

    @Test func theSharesSurviveACheckpoint() throws {
        let w48 = try Self.week("2026-W48")
        var runner = ProjectionRunner<LogState>()
        let shares: [Share] = [
            .week(WeekShare(person: "Sam", week: w48, nightsPlanned: 7, nightsOnTarget: 5, sriTenths: -12)),
            .week(WeekShare(person: "Noor", week: w48, nightsPlanned: 3, nightsOnTarget: 0, sriTenths: nil)),
            .night(NightShare(person: "سام", night: try Self.date("2026-11-30"), onTarget: true)),
        ]
        for (index, share) in shares.enumerated() {
            let event = Event(id: "s\(index)", at: try Self.instant("2026-12-01T08:00:00+01:00").adding(seconds: Int64(index)), timeZone: "Europe/Berlin",
                              source: .share, payload: Self.received(share))
            runner.apply(RecordedEvent(seq: index + 1, event: event))
        }
        let payload = runner.checkpointPayload()
        let read = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(read.state == runner.state)
        #expect(read.state.shares.weekShares.count == 2)
        #expect(read.checkpointPayload() == payload)
        let asOf = try Self.instant("2026-12-01T09:00:00+01:00")
        #expect(read.state.together(at: asOf) == runner.state.together(at: asOf))
    }

    // MARK: Making shares

    @Test func aNightShareIsMadeFromTheWakeTimeOn() throws {
        let state = try Self.state()
        let night = try Self.date("2026-11-23")
        let share = try state.nightShare(person: "Ana", night: night, at: try Self.instant("2026-11-30T12:00:00+01:00"))
        #expect(share.onTarget)
        #expect(try state.nightShare(person: "Ana", night: try Self.date("2026-11-27"), at: try Self.instant("2026-11-30T12:00:00+01:00")).onTarget == false)
        let early = try Self.instant("2026-11-24T05:00:00+01:00")
        #expect(throws: ShareMakingError.self) { try state.nightShare(person: "Ana", night: night, at: early) }
        do {
            _ = try state.nightShare(person: "Ana", night: night, at: early)
        } catch {
            guard case .notYet(let available) = error else { Issue.record("\(error)"); return }
            #expect(available == state.nightShareAvailable(night))
            #expect(available.millisecondsSince1970 > early.millisecondsSince1970)
            #expect(throws: Never.self) { try state.nightShare(person: "Ana", night: night, at: available) }
            #expect(throws: ShareMakingError.self) { try state.nightShare(person: "Ana", night: night, at: available.adding(milliseconds: -1)) }
        }
        // A night without a plan: from 12:00 the next day.
        let unplanned = try Self.date("2026-11-10")
        #expect(state.nightShareAvailable(unplanned) == (try Self.instant("2026-11-11T12:00:00+01:00")))
    }

    @Test func aWeekShareIsMadeOnceItsSundayNightIsOver() throws {
        let state = try Self.state()
        let w48 = try Self.week("2026-W48")
        #expect(throws: ShareMakingError.self) { try state.weekShare(person: "Ana", week: w48, at: try Self.instant("2026-11-30T05:00:00+01:00")) }
        let share = try state.weekShare(person: "Ana", week: w48, at: try Self.instant("2026-11-30T12:00:00+01:00"))
        #expect((share.nightsPlanned, share.nightsOnTarget, share.sriTenths) == (7, 4, nil))
        // The same share made twice is the same bytes.
        let again = try state.weekShare(person: "Ana", week: w48, at: try Self.instant("2026-12-03T12:00:00+01:00"))
        #expect(Share.week(share).json == Share.week(again).json)
    }

    @Test func aWeekShareAcrossAYearsEnd() throws {
        let state = try Self.state()
        let w53 = try Self.week("2026-W53")
        let first = try Self.date("2026-12-28")
        let last = try Self.date("2027-01-03")
        #expect(w53.nights.first == first)
        #expect(w53.nights.last == last)
        #expect(throws: ShareMakingError.self) { try state.weekShare(person: "Ana", week: w53, at: try Self.instant("2027-01-03T20:00:00+01:00")) }
        let share = try state.weekShare(person: "Ana", week: w53, at: try Self.instant("2027-01-04T12:00:00+01:00"))
        #expect(Share.week(share).jsonText.contains(#""week":"2026-W53""#))
        #expect(share.nightsPlanned == 7, "the goal plans every night of the week, across the year's end")
        #expect(state.together(at: try Self.instant("2027-01-04T12:00:00+01:00")).week == w53)
        #expect(state.together(at: try Self.instant("2027-01-04T12:00:00+01:00")).previousWeek.week.text == "2026-W52")
    }

    @Test func aNameTheReceiverWouldRefuseIsRefusedWhenMaking() throws {
        let state = try Self.state()
        let asOf = try Self.instant("2026-12-01T12:00:00+01:00")
        for name in ["", String(repeating: "x", count: 41), "Sam\u{202E}", "\u{2066}Sam", "Sam\u{0007}"] {
            #expect(throws: ShareMakingError.self, "\(name.debugDescription)") {
                try state.nightShare(person: name, night: try Self.date("2026-11-23"), at: asOf)
            }
        }
    }

    @Test func privacyAShareCarriesOnlyItsListedFields() throws {
        // A log holding much more than a share may carry: samples, caffeine, a workout, an
        // exit, notifications, scores.
        let sample = SleepSampleIngested(sampleId: "s1", stage: .deep, start: try Self.instant("2026-11-24T00:00:00+01:00"),
                                         end: try Self.instant("2026-11-24T03:00:00+01:00"), sourceName: "Watch")
        let caffeine = CaffeineIngested(sampleId: "c1", mg: 95, start: try Self.instant("2026-11-23T20:00:00+01:00"), sourceName: "Secret Coffee")
        let state = try Self.state([.sleepSampleIngested(sample), .caffeineIngested(caffeine)], at: "2026-11-24T08:00:00+01:00")
        let asOf = try Self.instant("2026-12-01T12:00:00+01:00")
        let shares: [Share] = [
            .night(try state.nightShare(person: "Ana", night: try Self.date("2026-11-23"), at: asOf)),
            .week(try state.weekShare(person: "Ana", week: try Self.week("2026-W48"), at: asOf)),
        ]
        for share in shares {
            let object = try #require(try JSONParser.parse(share.json).objectValue)
            let expected = share.shareId == shares[0].shareId ? Share.nightKeys : Share.weekKeys
            #expect(object.keys == expected, "keys in their order, nothing else")
            for member in object.members {
                switch member.value {
                case .object, .array: Issue.record("\(member.key) nests a value")
                case .string(let text): #expect(!text.contains("Secret") && !text.contains("Watch") && !text.contains("T"), "\(member.key): no source, no time")
                default: break
                }
            }
            #expect(try Share.read(json: share.json) == share)
        }
    }
}
