import TestSupport
import Events
import Projections
import Testing

/// What the payload's bytes depend on besides the code that writes them: the cases of the
/// enumerations written by their place. Reordering or adding a case changes the layout:
/// then bump `CheckpointLayout.version` and these lists together.
@Suite("Checkpoint: the layout's numbered cases")
struct CheckpointLayoutTests {
    static let message: Comment = "the checkpoint layout numbers these cases by their place: bump CheckpointLayout.version and update this list"

    @Test func theNumberedCasesAreAsTheLayoutWasWritten() {
        #expect(CheckpointLayout.version == 12, Self.message)
        #expect(SleepStage.allCases.map(\.rawValue) == ["inBed", "asleep", "awake", "core", "deep", "rem"], Self.message)
        #expect(VitalKind.allCases.map(\.rawValue) == ["hrv", "restingHeartRate", "spo2", "respiratoryRate", "wristTemperature"], Self.message)
        #expect(AppTier.allCases.map(\.rawValue) == ["blockFirst", "block30Min", "alwaysAllowed"], Self.message)
        #expect(ProjectionWarnings.Rule.allCases.map(\.rawValue) == ["notice", "goal", "nightRange", "nightPlan", "demoNight", "exit", "checklist", "sample", "manualSleep", "scores", "event", "reminder", "share"], Self.message)
        // LogStatistics writes a count per event type; an event reference, its type's number.
        #expect(EventType.allCases.map(\.rawValue) == [
            "goalSet", "goalCleared", "bedtimeOverridden", "appTierAssigned", "windDownStartedEarly", "checklistItemCompleted",
            "checklistItemReopened", "notificationInteracted", "exitRequested", "exitCancelled", "exitConfirmed", "freeWindowUsed",
            "wentToBed", "wokeUp", "sleepSampleIngested", "sleepSampleDeleted", "vitalSampleIngested", "manualSleepLogged",
            "appleSleepScoreLogged", "scoreSettingsChanged", "demoNightStarted", "reminderRetired", "reminderRestored",
            "caffeineIngested", "workoutIngested", "healthSampleDeleted", "shareReceived",
        ], Self.message)
        // An event reference writes its source's number.
        #expect(EventSource.listed.map(\.rawValue) == ["phone", "watch", "siri", "widget", "health", "import", "system", "demo", "share"], Self.message)
    }

    @Test func theEmptyRunnerWritesAFewBytes() throws {
        let payload = ProjectionRunner<LogState>().checkpointPayload()
        // 206 bytes since the caffeine and workout samples (`LogState.health`) and the vitals'
        // tombstones were added.
        #expect(payload.count < 220, "\(payload.count)")
        let read = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        #expect(read.checkpointPayload() == payload)
        #expect(read.state == LogState())
    }
}
