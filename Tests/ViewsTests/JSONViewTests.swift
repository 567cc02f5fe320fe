import Events
import Projections
import Testing
import TestSupport
import StrictJSON
import Views

/// The JSON view builder: the documented keys in the documented order, the parts not
/// built yet as empty values of their shape, instants in the zone they belong to.
struct JSONViewTests {
    static let emptyTail = """
          "sleep": [],
          "debt": {
            "last7Minutes": 0,
            "last14Minutes": 0,
            "weighted14Minutes": 0,
            "nightsWithData7": 0,
            "nightsWithData14": 0,
            "recoveryNights": 0
          },
          "streaks": {
            "current": 0,
            "best": 0
          },
          "exits": {
            "thisWeek": 0,
            "byNight": []
          },
          "scores": [],
        """

    /// `insights` of an empty log as of an instant in 2026-11-30's night (UTC before any
    /// event): the window, and every figure empty or null.
    static var emptyInsights: String {
        let reminders = ReminderTemplate.checklist.map { template in
            """
                  {
                    "template": "\(template.id)",
                    "nights": 0,
                    "doneBeforeReminder": 0,
                    "doneAfter": 0,
                    "why": 0,
                    "done": 0,
                    "dismissed": 0,
                    "ignored": 0,
                    "retired": false,
                    "retireSuggested": false
                  }
            """
        }.joined(separator: ",\n")
        return """
              "insights": {
                "window": {
                  "from": "2026-11-03",
                  "to": "2026-11-30",
                  "nights": 0
                },
                "bodyClock": {
                  "workNights": 0,
                  "freeNights": 0,
                  "workMidSleep": null,
                  "freeMidSleep": null,
                  "socialJetlagMinutes": null,
                  "chronotype": null
                },
                "bedtime": {
                  "usualBedtime": null,
                  "usualWake": null,
                  "suggestedTarget": null,
                  "suggestedGoal": null
                },
                "reminders": [
            \(reminders)
                ],
                "routine": {
                  "followed": {
                    "nights": 0,
                    "asleepMinutes": null,
                    "score": null
                  },
                  "notFollowed": {
                    "nights": 0,
                    "asleepMinutes": null,
                    "score": null
                  }
                },
                "longShortStretch": false
              },
            """
    }

    /// `copy` of a log with no planned night: the eleven reminders in the order they fire,
    /// nothing shown, nothing chosen.
    static var untestedCopy: String {
        let templates = ["last_meal", "stop_eating", "last_water", "warm_lighting", "wind_down", "screens_off", "read", "cool_room", "almost_bedtime", "bedtime", "sunlight"]
        return templates.map { template in
            """
                {
                  "template": "\(template)",
                  "chosen": null,
                  "variants": [
                    {
                      "variant": 0,
                      "shown": 0,
                      "engaged": 0
                    },
                    {
                      "variant": 1,
                      "shown": 0,
                      "engaged": 0
                    },
                    {
                      "variant": 2,
                      "shown": 0,
                      "engaged": 0
                    }
                  ]
                }
            """
        }.joined(separator: ",\n")
    }

    @Test func anEmptyLogWithoutAnInstantHasEveryKeyAndNoAsOf() {
        let text = JSONViewWriter.prettyText(JSONView.render(state: LogState(), warnings: ProjectionWarnings(), asOf: nil))
        #expect(text == """
            {
              "asOf": null,
              "plans": [],
              "tonight": null,
            \(Self.emptyTail)
              "insights": null,
              "regularity": null,
              "habits": null,
              "together": null,
              "copy": null,
              "warnings": []
            }

            """)
    }

    @Test func warningsAreTextsInTheOrderTheyArose() throws {
        var warnings = ProjectionWarnings()
        warnings.skipped(seq: 4, because: "goalSet breaks a rule")
        warnings.append(.init(seq: nil, message: "torn tail"))
        let asOf = try EventFactory.instant("2026-11-30T21:00:00+01:00")
        let text = JSONViewWriter.prettyText(JSONView.render(state: LogState(), warnings: warnings, asOf: asOf))
        #expect(text == """
            {
              "asOf": "2026-11-30T21:00:00+01:00",
              "plans": [],
              "tonight": null,
            \(Self.emptyTail)
            \(Self.emptyInsights)
              "regularity": {
                "from": "2026-11-16",
                "to": "2026-11-29",
                "pairs": 0,
                "sri": null,
                "previousSri": null
              },
              "habits": {
                "window": {
                  "from": "2026-10-06",
                  "to": "2026-11-30",
                  "nights": 0
                },
                "caffeine": {
                  "late": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  },
                  "earlier": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  }
                },
                "workouts": {
                  "late": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  },
                  "earlier": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  },
                  "any": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  },
                  "none": {
                    "nights": 0,
                    "latencyMinutes": null,
                    "asleepMinutes": null
                  }
                }
              },
              "together": {
                "week": "2026-W48",
                "members": [
                  {
                    "person": "you",
                    "nightsPlanned": 0,
                    "nightsOnTarget": 0,
                    "sri": null
                  }
                ],
                "previousWeek": {
                  "week": "2026-W47",
                  "members": [
                    {
                      "person": "you",
                      "nightsPlanned": 0,
                      "nightsOnTarget": 0,
                      "sri": null
                    }
                  ]
                },
                "lastNight": {
                  "night": "2026-11-29",
                  "onTarget": []
                }
              },
              "copy": [
            \(Self.untestedCopy)
              ],
              "warnings": [
                "seq 4: skipped: goalSet breaks a rule",
                "torn tail"
              ]
            }

            """)
    }

    static func state(_ events: [Event]) -> LogState {
        var runner = ProjectionRunner<LogState>()
        for (index, event) in events.enumerated() { runner.apply(RecordedEvent(seq: index + 1, event: event)) }
        return runner.state
    }

    static func goal() throws -> Event {
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: try LocalDate(iso: "2026-11-30"))
        return try EventFactory.event("goal", .goalSet(goal), at: "2026-11-29T20:05:11+01:00")
    }

    @Test func topLevelAndNestedKeysFollowJsonViewMd() throws {
        let state = Self.state([try Self.goal()])
        let view = JSONView.render(state: state, warnings: ProjectionWarnings(), asOf: try EventFactory.instant("2026-11-30T22:40:00+01:00"))
        let root = try #require(view.objectValue)
        #expect(root.keys == ["asOf", "plans", "tonight", "sleep", "debt", "streaks", "exits", "scores", "insights", "regularity", "habits", "together", "copy", "warnings"])
        let together = try #require(root["together"]?.objectValue)
        #expect(together.keys == ["week", "members", "previousWeek", "lastNight"])
        #expect(together["members"]?.arrayValue?.first?.objectValue?.keys == ["person", "nightsPlanned", "nightsOnTarget", "sri"])
        #expect(together["previousWeek"]?.objectValue?.keys == ["week", "members"])
        #expect(together["lastNight"]?.objectValue?.keys == ["night", "onTarget"])
        let copy = try #require(root["copy"]?.arrayValue?.first?.objectValue)
        #expect(copy.keys == ["template", "chosen", "variants"])
        #expect(copy["variants"]?.arrayValue?.first?.objectValue?.keys == ["variant", "shown", "engaged"])
        #expect(root["regularity"]?.objectValue?.keys == ["from", "to", "pairs", "sri", "previousSri"])
        let habits = try #require(root["habits"]?.objectValue)
        #expect(habits.keys == ["window", "caffeine", "workouts"])
        #expect(habits["window"]?.objectValue?.keys == ["from", "to", "nights"])
        #expect(habits["caffeine"]?.objectValue?.keys == ["late", "earlier"])
        #expect(habits["workouts"]?.objectValue?.keys == ["late", "earlier", "any", "none"])
        #expect(habits["workouts"]?.objectValue?["any"]?.objectValue?.keys == ["nights", "latencyMinutes", "asleepMinutes"])
        let plan = try #require(root["plans"]?.arrayValue?.first?.objectValue)
        #expect(plan.keys == ["night", "bedtime", "bedtimeAt", "windDownStart", "wakeTime", "tz", "status", "revisions"])
        #expect(plan["revisions"]?.arrayValue?.first?.objectValue?.keys == ["bedtime", "causedBy", "type"])
        let tonight = try #require(root["tonight"]?.objectValue)
        #expect(tonight.keys == ["night", "phase", "minutesToBed", "progress", "ring", "checklist", "blockedApps", "exit", "nextNotification"])
        #expect(tonight["checklist"]?.arrayValue?.first?.objectValue?.keys == ["item", "state", "time"])
        #expect(tonight["blockedApps"]?.arrayValue?.first?.objectValue?.keys == ["app", "tier", "blockedAt"])
        #expect(tonight["nextNotification"]?.objectValue?.keys == ["template", "fireAt", "haptic", "variant"])
        // 22:40 on night 1 (bedtime 23:45, wind-down 19:45): 175 of 240 minutes.
        #expect(tonight["progress"] == .number(try #require(JSONNumber(literal: "0.7292"))))
        #expect(tonight["minutesToBed"] == .number(JSONNumber(65)))
        #expect(tonight["exit"] == .null)
    }

    @Test func asOfIsShownInTheLatestZoneAndPlansInTheirNightsZone() throws {
        let state = Self.state([try Self.goal()])
        let view = JSONView.render(state: state, warnings: ProjectionWarnings(), asOf: try EventFactory.instant("2026-11-30T21:40:00Z"))
        let root = try #require(view.objectValue)
        #expect(root["asOf"] == .string("2026-11-30T22:40:00+01:00"))
        let plan = try #require(root["plans"]?.arrayValue?.first?.objectValue)
        #expect(plan["bedtimeAt"] == .string("2026-11-30T23:45:00+01:00"))
        #expect(plan["windDownStart"] == .string("2026-11-30T19:45:00+01:00"))
        #expect(plan["wakeTime"] == .string("2026-12-01T07:45:00+01:00"))
        #expect(plan["status"] == .string("active"))
    }

    @Test func theSameStateGivesTheSameBytes() throws {
        let state = Self.state([try Self.goal()])
        let asOf = try EventFactory.instant("2026-12-02T20:00:00+01:00")
        let first = JSONViewWriter.prettyBytes(JSONView.render(state: state, warnings: ProjectionWarnings(), asOf: asOf))
        let second = JSONViewWriter.prettyBytes(JSONView.render(state: state, warnings: ProjectionWarnings(), asOf: asOf))
        #expect(first == second)
    }
}
