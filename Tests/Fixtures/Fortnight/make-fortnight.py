#!/usr/bin/env python3
"""fortnight.jsonl: two weeks of sleep in Europe/Berlin, nights 2026-11-16 to 2026-11-29,
for sleep, debt and streaks (docs/rules.md §5 and §6). A goal set on 2026-11-15 moves bedtime
from midnight to 23:00 over 5 nights from the first night (step 15 min: 23:45, 23:30, 23:15,
23:00, then 23:00), sleep need 450 min.

Each night has HealthKit-like samples from a watch ("Apple Watch": inBed, then core, deep,
REM and awake segments, the sample's own tz), delivered the next morning one event each,
wentToBed and wokeUp from the watch, and vitals (HRV, resting heart rate). Besides:

  2026-11-16  an awake gap of exactly 1 min (an interruption) and one of 30 s (not one)
  2026-11-17  a second source, "AutoSleep" (asleep only), overlapping the watch and starting
              9 min before it: asleep is the union, stages stay the watch's
  2026-11-18  the watch's last core sample is re-delivered at 09:30 with the same sampleId
              and a later end (06:10 -> 06:35); onset 23:34, bedtime 23:15: a miss
  2026-11-19  AutoSleep takes reading in bed (22:10-23:40) for sleep; the sample is deleted
              the next morning, so onset, asleep and latency fall back to the watch's
  2026-11-20  onset 23:40, bedtime 23:00: a miss
  2026-11-21  unstaged: only `asleep` samples from a phone ("iPhone", no sample tz), with a
              gap of 4 min (an interruption) and one of 30 s (not one); no inBed
  2026-11-22  an AutoSleep nap 15:05-15:45 (delivered at 16:00, before the night), then the
              main sleep from 23:35: a miss, the nap kept apart
  2026-11-23  a manual night (manualSleepLogged, no samples), logged twice: the later wins
  2026-11-24  a trip: the person flew to New York that day; events and samples in
              America/New_York, so the night is planned and judged in New York
  2026-11-25  no data at all (the flight back, overnight)
  2026-11-26  onset exactly at bedtime + 15 min (23:15): a hit (inclusive)
  2026-11-27  a second staged source, "Oura", with less staged time than the watch
  2026-11-28  a short night; its wentToBed was queued offline on the watch and reaches the
              log after the morning's samples
  2026-11-29  a long night

Deterministic (UUID v5 ids, sample ids derived from night, source, stage and start).
Regenerate with make-fortnight-fixtures.sh."""
import os, sys, uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Plans"))
from plans_events import Log, plus, ts  # noqa: E402

BERLIN = "Europe/Berlin"
NEW_YORK = "America/New_York"
WATCH = "Apple Watch"
NS = uuid.UUID("8d3f2a61-4c7e-4b19-a5d2-93e0f1c6b7a4")
log = Log("fortnight")
t = log.local


def sample_id(night, source, stage, start):
    return str(uuid.uuid5(NS, f"{night}|{source}|{stage}|{ts(start)}")).upper()


def sample(night, source, stage, start, end, zone):
    data = {"sampleId": sample_id(night, source, stage, start), "stage": stage, "start": ts(start), "end": ts(end)}
    if zone:
        data["tz"] = zone
    data["sourceName"] = source
    return data


# A watch's staged night: stage segments from the onset until `asleep` minutes are asleep,
# awake segments inserted after the given asleep minutes.
CYCLE = [("core", 30), ("deep", 40), ("core", 35), ("rem", 25), ("core", 45), ("deep", 25),
         ("core", 40), ("rem", 30), ("core", 45), ("rem", 35), ("core", 40), ("rem", 30)]


def staged_segments(onset, asleep, awakes):
    segments = []
    clock = onset
    done = 0.0
    pending = sorted(awakes)
    index = 0
    while done < asleep - 1e-9:
        stage, minutes = CYCLE[index % len(CYCLE)]
        index += 1
        minutes = min(minutes, asleep - done)
        while minutes > 1e-9:
            if pending and pending[0][0] < done + minutes - 1e-9:
                part = pending[0][0] - done
                if part > 1e-9:
                    end = plus(clock, minutes=part)
                    segments.append((stage, clock, end))
                    clock, done, minutes = end, done + part, minutes - part
                awake_end = plus(clock, minutes=pending[0][1])
                segments.append(("awake", clock, awake_end))
                clock = awake_end
                pending.pop(0)
            else:
                end = plus(clock, minutes=minutes)
                segments.append((stage, clock, end))
                clock, done, minutes = end, done + minutes, 0
    return segments


def vitals(night, zone, onset, wake, at, hrv, resting):
    log.ev("vitalSampleIngested", at, {"sampleId": str(uuid.uuid5(NS, f"{night}|hrv")).upper(), "kind": "hrv", "value": hrv, "unit": "ms",
                                       "start": ts(plus(onset, hours=2)), "end": ts(plus(onset, hours=2, minutes=1))}, source="health")
    log.ev("vitalSampleIngested", at, {"sampleId": str(uuid.uuid5(NS, f"{night}|rhr")).upper(), "kind": "restingHeartRate", "value": resting, "unit": "count/min",
                                       "start": ts(plus(wake, minutes=-30)), "end": ts(plus(wake, minutes=-30))}, source="health")


def watch_night(night, zone, went, in_bed, onset, asleep, awakes, hrv, resting, extra=None, queue_went=False):
    """The evening's wentToBed, then the morning: wokeUp, the samples, the vitals."""
    went_event = dict(type_="wentToBed", at=went, data={"night": night}, source="watch")
    if not queue_went:
        log.ev(**went_event)
    segments = staged_segments(onset, asleep, awakes)
    wake = segments[-1][2]
    out_of_bed = plus(wake, minutes=6)
    log.ev("wokeUp", plus(wake, minutes=4), {"night": night}, source="watch")
    delivery = plus(wake, minutes=25)
    log.ev("sleepSampleIngested", delivery, sample(night, WATCH, "inBed", in_bed, out_of_bed, zone), source="health")
    for stage, start, end in segments:
        log.ev("sleepSampleIngested", delivery, sample(night, WATCH, stage, start, end, zone), source="health")
    if extra:
        extra(delivery, segments)
    vitals(night, zone, onset, wake, plus(delivery, seconds=1), hrv, resting)
    if queue_went:
        log.ev(**went_event)
    return segments


log.ev("goalSet", t(BERLIN, 2026, 11, 15, 21, 0), {"currentBedtime": "00:00", "targetBedtime": "23:00", "days": 5, "firstNight": "2026-11-16", "sleepNeedMinutes": 450})

# 2026-11-16, bedtime 23:45: awake gaps of 1 min (an interruption) and 30 s (not one).
watch_night("2026-11-16", BERLIN, t(BERLIN, 2026, 11, 16, 23, 40), t(BERLIN, 2026, 11, 16, 23, 42), t(BERLIN, 2026, 11, 16, 23, 58),
            385, [(100, 1), (210, 0.5), (300, 4)], 52.0, 56)

# 2026-11-17, bedtime 23:30: AutoSleep overlaps the watch, from 9 min before its onset.
def autosleep_17(delivery, segments):
    for start, end in [(t(BERLIN, 2026, 11, 17, 23, 41), t(BERLIN, 2026, 11, 18, 3, 10)), (t(BERLIN, 2026, 11, 18, 3, 30), t(BERLIN, 2026, 11, 18, 6, 58))]:
        log.ev("sleepSampleIngested", plus(delivery, minutes=5), sample("2026-11-17", "AutoSleep", "asleep", start, end, BERLIN), source="health")
watch_night("2026-11-17", BERLIN, t(BERLIN, 2026, 11, 17, 23, 25), t(BERLIN, 2026, 11, 17, 23, 27), t(BERLIN, 2026, 11, 17, 23, 50),
            400, [(95, 3), (200, 8), (330, 2)], 49.5, 57, extra=autosleep_17)

# 2026-11-18, bedtime 23:15: the last core sample is re-delivered later with a later end.
night18 = watch_night("2026-11-18", BERLIN, t(BERLIN, 2026, 11, 18, 23, 20), t(BERLIN, 2026, 11, 18, 23, 22), t(BERLIN, 2026, 11, 18, 23, 34),
                      388, [(150, 5), (280, 3)], 47.0, 58)
stage, start, end = night18[-1]
assert stage == "core"
redelivered = sample("2026-11-18", WATCH, stage, start, plus(end, minutes=25), BERLIN)
log.ev("sleepSampleIngested", t(BERLIN, 2026, 11, 19, 9, 30), redelivered, source="health")

# 2026-11-19, bedtime 23:00: AutoSleep takes reading in bed for sleep; deleted next morning.
autosleep_19 = sample("2026-11-19", "AutoSleep", "asleep", t(BERLIN, 2026, 11, 19, 22, 10), t(BERLIN, 2026, 11, 19, 23, 40), BERLIN)
def autosleep_19_delivery(delivery, segments):
    log.ev("sleepSampleIngested", plus(delivery, minutes=5), autosleep_19, source="health")
watch_night("2026-11-19", BERLIN, t(BERLIN, 2026, 11, 19, 22, 3), t(BERLIN, 2026, 11, 19, 22, 5), t(BERLIN, 2026, 11, 19, 23, 8),
            420, [(120, 6), (250, 2), (350, 1)], 55.5, 55, extra=autosleep_19_delivery)
log.ev("sleepSampleDeleted", t(BERLIN, 2026, 11, 20, 8, 15), {"sampleId": autosleep_19["sampleId"]}, source="health")

# 2026-11-20, bedtime 23:00: onset 23:40, a miss.
watch_night("2026-11-20", BERLIN, t(BERLIN, 2026, 11, 20, 23, 30), t(BERLIN, 2026, 11, 20, 23, 31), t(BERLIN, 2026, 11, 20, 23, 40),
            380, [(140, 4), (260, 9)], 44.0, 60)

# 2026-11-21, bedtime 23:00: unstaged, asleep only, from the phone (no sample tz).
log.ev("wentToBed", t(BERLIN, 2026, 11, 21, 23, 5), {"night": "2026-11-21"}, source="phone")
phone = [(t(BERLIN, 2026, 11, 21, 23, 10), t(BERLIN, 2026, 11, 22, 2, 30)),
         (t(BERLIN, 2026, 11, 22, 2, 34), t(BERLIN, 2026, 11, 22, 4, 50)),
         (t(BERLIN, 2026, 11, 22, 4, 50, 30), t(BERLIN, 2026, 11, 22, 6, 49, 30))]
log.ev("wokeUp", t(BERLIN, 2026, 11, 22, 6, 55), {"night": "2026-11-21"}, source="phone")
for start, end in phone:
    log.ev("sleepSampleIngested", t(BERLIN, 2026, 11, 22, 7, 20), sample("2026-11-21", "iPhone", "asleep", start, end, None), source="health")

# 2026-11-22, bedtime 23:00: an afternoon nap (AutoSleep), then a late main sleep: a miss.
log.ev("sleepSampleIngested", t(BERLIN, 2026, 11, 22, 16, 0),
       sample("2026-11-22", "AutoSleep", "asleep", t(BERLIN, 2026, 11, 22, 15, 5), t(BERLIN, 2026, 11, 22, 15, 45), BERLIN), source="health")
watch_night("2026-11-22", BERLIN, t(BERLIN, 2026, 11, 22, 23, 28), t(BERLIN, 2026, 11, 22, 23, 29), t(BERLIN, 2026, 11, 22, 23, 35),
            390, [(90, 2), (240, 7)], 46.5, 58)

# 2026-11-23, bedtime 23:00: the watch was charging; logged by hand, then corrected.
log.ev("wentToBed", t(BERLIN, 2026, 11, 23, 23, 2), {"night": "2026-11-23"}, source="phone")
log.ev("wokeUp", t(BERLIN, 2026, 11, 24, 6, 45), {"night": "2026-11-23"}, source="phone")
log.ev("manualSleepLogged", t(BERLIN, 2026, 11, 24, 7, 0), {"night": "2026-11-23", "bedtime": ts(t(BERLIN, 2026, 11, 23, 23, 5)), "wakeTime": ts(t(BERLIN, 2026, 11, 24, 6, 30))})
log.ev("manualSleepLogged", t(BERLIN, 2026, 11, 24, 7, 5), {"night": "2026-11-23", "bedtime": ts(t(BERLIN, 2026, 11, 23, 23, 10)), "wakeTime": ts(t(BERLIN, 2026, 11, 24, 6, 40))})

# 2026-11-24: flew Berlin 10:00 -> New York 13:00; the first event there is a resting heart
# rate at 14:30, before that night's wind-down (19:00 in New York): the night is New York's.
log.ev("vitalSampleIngested", t(NEW_YORK, 2026, 11, 24, 14, 30),
       {"sampleId": str(uuid.uuid5(NS, "2026-11-24|rhr-day")).upper(), "kind": "restingHeartRate", "value": 64, "unit": "count/min",
        "start": ts(t(NEW_YORK, 2026, 11, 24, 14, 0)), "end": ts(t(NEW_YORK, 2026, 11, 24, 14, 0))}, source="health")
watch_night("2026-11-24", NEW_YORK, t(NEW_YORK, 2026, 11, 24, 22, 40), t(NEW_YORK, 2026, 11, 24, 22, 42), t(NEW_YORK, 2026, 11, 24, 22, 50),
            340, [(110, 12), (220, 5)], 38.0, 63)

# 2026-11-25: the flight back overnight; nothing at all. Landed in Berlin on the 26th.
log.ev("appTierAssigned", t(BERLIN, 2026, 11, 26, 9, 30), {"app": "TikTok", "tier": "blockFirst"}, source="phone")

# 2026-11-26, bedtime 23:00: onset exactly 23:15, bedtime + 15 min: a hit.
watch_night("2026-11-26", BERLIN, t(BERLIN, 2026, 11, 26, 23, 5), t(BERLIN, 2026, 11, 26, 23, 7), t(BERLIN, 2026, 11, 26, 23, 15),
            430, [(130, 3), (300, 2)], 45.0, 59)

# 2026-11-27, bedtime 23:00: Oura, a second staged source with less staged time.
def oura_27(delivery, segments):
    clock = t(BERLIN, 2026, 11, 27, 23, 20)
    for stage, minutes in [("core", 60), ("deep", 50), ("core", 70), ("rem", 40), ("core", 80), ("deep", 30), ("rem", 50), ("core", 40)]:
        end = plus(clock, minutes=minutes)
        log.ev("sleepSampleIngested", plus(delivery, minutes=3), sample("2026-11-27", "Oura", stage, clock, end, BERLIN), source="health")
        clock = end
watch_night("2026-11-27", BERLIN, t(BERLIN, 2026, 11, 27, 23, 0), t(BERLIN, 2026, 11, 27, 23, 2), t(BERLIN, 2026, 11, 27, 23, 10),
            490, [(160, 4), (320, 6)], 51.0, 55, extra=oura_27)

# 2026-11-28, bedtime 23:00: short; the watch's wentToBed arrives after the samples.
watch_night("2026-11-28", BERLIN, t(BERLIN, 2026, 11, 28, 23, 8), t(BERLIN, 2026, 11, 28, 23, 9), t(BERLIN, 2026, 11, 28, 23, 12),
            390, [(200, 3)], 43.5, 61, queue_went=True)

# 2026-11-29, bedtime 23:00: long.
watch_night("2026-11-29", BERLIN, t(BERLIN, 2026, 11, 29, 22, 50), t(BERLIN, 2026, 11, 29, 22, 52), t(BERLIN, 2026, 11, 29, 22, 58),
            510, [(180, 5), (400, 3)], 53.5, 54)

log.print()
