import Events

/// The stage structure of a simulated night, shaped like a real one as a watch records it:
///
/// - one `inBed` sample from lying down to getting up;
/// - sleep onset after a latency (the caller's), then cycles of 80–110 minutes, each core
///   (light sleep), deep, core again and REM;
/// - deep sleep concentrated in the early cycles (20–40 min in the first, 12–28 in the
///   second, 3–12 in the third, rarely a few minutes later), REM growing through the night
///   (2–10 min in the first cycle up to 22–40 from the fifth);
/// - after a cycle, by chance, a short awakening (1–5 min of `awake`), now and then a long
///   one (8–20 min);
/// - the last cycle is cut at the final wake, and a few minutes of `awake` follow it while
///   still in bed.
///
/// The phone, on the nights it also records, writes an `inBed` and an `asleep` sample of
/// its own, a little off the watch's: overlapping samples from two sources, as HealthKit
/// holds them.
enum SleepArchitecture {
    /// The watch's samples for a night: in bed from `inBed` to `outOfBed`, asleep from
    /// `onset` to `finalWake` (onset after `inBed`, final wake before `outOfBed`).
    static func watchNight(
        inBed: Int64, onset: Int64, finalWake: Int64, outOfBed: Int64,
        behaviour: NightBehaviour, random: inout SimulationRandom
    ) -> [SleepSegment] {
        var segments = [SleepSegment(stage: .inBed, start: inBed, end: outOfBed)]
        var staged: [SleepSegment] = []
        var cursor = onset
        var cycle = 0
        var hadLongAwakening = false
        cycles: while cursor < finalWake {
            let length = random.minutes(80...110)
            var deep = random.minutes(deepMinutes(cycle: cycle))
            var rem = random.minutes(remMinutes(cycle: cycle))
            if cycle >= 3, random.chance(0.7) { deep = 0 }
            let limit = length * 7 / 10
            if deep + rem > limit {
                let excess = deep + rem - limit
                let fromRem = min(rem, excess / 2)
                rem -= fromRem
                deep = max(0, deep - (excess - fromRem))
            }
            let core = length - deep - rem
            let firstCore = core * Int64(random.int(in: 45...65)) / 100
            for (stage, duration) in [(SleepStage.core, firstCore), (.deep, deep), (.core, core - firstCore), (.rem, rem)] where duration > 0 {
                let end = min(cursor + duration, finalWake)
                append(SleepSegment(stage: stage, start: cursor, end: end), to: &staged)
                cursor = end
                if cursor >= finalWake { break cycles }
            }
            cycle += 1
            guard random.chance(behaviour.awakening) else { continue }
            let long = !hadLongAwakening && random.chance(behaviour.longAwakening)
            let awake = long ? random.minutes(8...20) : random.minutes(1...5)
            // An awakening this close to the final wake would be the final wake itself.
            guard cursor + awake < finalWake - 15 * 60_000 else { continue }
            hadLongAwakening = hadLongAwakening || long
            append(SleepSegment(stage: .awake, start: cursor, end: cursor + awake), to: &staged)
            cursor += awake
        }
        segments += staged
        let lingering = min(outOfBed, finalWake + random.minutes(1...8))
        if lingering > finalWake {
            segments.append(SleepSegment(stage: .awake, start: finalWake, end: lingering))
        }
        return segments
    }

    /// The phone's samples for the same night: an `inBed` from its sleep schedule and its
    /// own estimate of `asleep`, both a few minutes off the watch's.
    static func phoneNight(
        inBed: Int64, onset: Int64, finalWake: Int64, outOfBed: Int64, random: inout SimulationRandom
    ) -> [SleepSegment] {
        let bedStart = inBed - random.minutes(0...10)
        let bedEnd = outOfBed + random.minutes(0...10)
        let asleepStart = onset + random.minutes(-5...20)
        let asleepEnd = max(asleepStart + 60 * 60_000, finalWake - random.minutes(0...20))
        return [
            SleepSegment(stage: .inBed, start: bedStart, end: bedEnd),
            SleepSegment(stage: .asleep, start: asleepStart, end: asleepEnd),
        ]
    }

    /// Deep sleep in cycle `cycle` (0-based), in minutes: concentrated early in the night.
    static func deepMinutes(cycle: Int) -> ClosedRange<Int> {
        switch cycle {
        case 0: return 20...40
        case 1: return 12...28
        case 2: return 3...12
        default: return 0...4
        }
    }

    /// REM sleep in cycle `cycle` (0-based), in minutes: growing through the night.
    static func remMinutes(cycle: Int) -> ClosedRange<Int> {
        switch cycle {
        case 0: return 2...10
        case 1: return 8...18
        case 2: return 14...26
        case 3: return 18...32
        default: return 22...40
        }
    }

    /// Appends `segment`, joined to the last one when it has the same stage and follows it.
    private static func append(_ segment: SleepSegment, to segments: inout [SleepSegment]) {
        guard segment.end > segment.start else { return }
        if let last = segments.last, last.stage == segment.stage, last.end == segment.start {
            segments[segments.count - 1].end = segment.end
        } else {
            segments.append(segment)
        }
    }
}
