import Events
import Projections
import Testing
import TestSupport

/// Tier order rules of docs/rules.md §2.3.
struct AppTierAssignmentsTests {
    func fold(_ assignments: [(String, AppTier)]) throws -> AppTierAssignments {
        var state = AppTierAssignments()
        var warnings = ProjectionWarnings()
        for (index, assignment) in assignments.enumerated() {
            let event = try EventFactory.event("t\(index)", .appTierAssigned(AppTierAssigned(app: assignment.0, tier: assignment.1)), at: "2026-11-30T20:00:00+01:00")
            state.apply(RecordedEvent(seq: index + 1, event: event), warnings: &warnings)
        }
        #expect(state._checkInvariants().isEmpty)
        #expect(warnings.isEmpty)
        return state
    }

    @Test func defaultsBeforeAnyAssignment() throws {
        let state = try fold([])
        #expect(state.apps(in: .blockFirst) == ["Instagram", "TikTok", "YouTube"])
        #expect(state.apps(in: .block30Min) == ["Messages"])
        #expect(state.apps(in: .alwaysAllowed) == ["Phone"])
    }

    @Test func assignmentMovesTheAppToTheEndOfItsNewTier() throws {
        let state = try fold([("Instagram", .block30Min), ("Reddit", .blockFirst)])
        #expect(state.apps(in: .blockFirst) == ["TikTok", "YouTube", "Reddit"])
        #expect(state.apps(in: .block30Min) == ["Messages", "Instagram"])
    }

    @Test func assigningToTheCurrentTierChangesNothing() throws {
        let state = try fold([("Instagram", .blockFirst)])
        #expect(state.apps(in: .blockFirst) == ["Instagram", "TikTok", "YouTube"])
    }
}
