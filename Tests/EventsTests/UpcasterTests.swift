import Events
import Testing
import StrictJSON

/// An older payload version is brought to the current shape on read. No v1 type has an
/// older version yet, so this test makes one up: it declares `goalSet` to be read natively
/// at v2 (today's shape) and registers an upcaster from a made-up v1 shape that named the
/// fields `from`, `to`, `nights` and `start`.
struct UpcasterTests {
    static func catalogueWithMadeUpOlderGoalSet() -> EventCatalogue {
        var catalogue = EventCatalogue()
        catalogue.setCurrentVersion(2, of: .goalSet, upcasters: [
            1: { old throws(EventDecodingError) in
                var shaped = JSONObject()
                let renames = [("from", "currentBedtime"), ("to", "targetBedtime"), ("nights", "days"), ("start", "firstNight")]
                for (oldKey, newKey) in renames {
                    guard let value = old[oldKey] else {
                        throw EventDecodingError(key: "data.\(oldKey)", message: "missing in the v1 shape")
                    }
                    shaped.append(newKey, value)
                }
                return shaped
            },
        ])
        return catalogue
    }

    @Test func madeUpOlderShapeIsUpcastOnRead() throws {
        let old = #"{"seq":1,"id":"old","type":"goalSet","v":1,"at":"2026-11-29T20:05:11+01:00","tz":"Europe/Berlin","data":{"from":"00:00","to":"22:30","nights":7,"start":"2026-11-30"}}"#
        var decoder = EventLineDecoder(catalogue: Self.catalogueWithMadeUpOlderGoalSet())
        let event = try decoder.decode(line: Array(old.utf8))
        guard case .goalSet(let goal) = event.payload else {
            Issue.record("expected a goalSet, got \(event.payload)")
            return
        }
        #expect(goal.currentBedtime.text == "00:00")
        #expect(goal.targetBedtime.text == "22:30")
        #expect(goal.days == 7)
        #expect(goal.firstNight.iso == "2026-11-30")
    }

    @Test func upcasterErrorsNameTheKey() throws {
        let old = #"{"seq":1,"id":"old","type":"goalSet","v":1,"at":"2026-11-29T20:05:11+01:00","tz":"Europe/Berlin","data":{"from":"00:00"}}"#
        var decoder = EventLineDecoder(catalogue: Self.catalogueWithMadeUpOlderGoalSet())
        let error = #expect(throws: EventDecodingError.self) { try decoder.decode(line: Array(old.utf8)) }
        #expect(error?.key == "data.to")
    }

    @Test func olderVersionWithoutUpcasterIsKeptOpaque() throws {
        var catalogue = EventCatalogue()
        catalogue.setCurrentVersion(3, of: .wokeUp, upcasters: [2: { $0 }])
        var decoder = EventLineDecoder(catalogue: catalogue)
        let line = #"{"seq":1,"id":"w","type":"wokeUp","v":1,"at":"2026-11-29T20:05:11+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-29"}}"#
        let event = try decoder.decode(line: Array(line.utf8))
        #expect(event.payload == .opaque(OpaquePayload(typeName: "wokeUp", version: 1, data: JSONObject([.init(key: "night", value: .string("2026-11-29"))]), reason: .noUpcaster(fromVersion: 1))))
    }
}
