#!/usr/bin/env python3
"""Writes the input for the sample week (events without seq) to standard output.

The committed log is made with:
    python3 make-sample-week.py | while IFS= read -r line; do
        printf "%s\n" "$line" | replay-tool append sample-week.jsonl --allow-skipped; done
(one append a line, as the app writes them) so that the fixture is written by the same code as the library. Deterministic: ids are
UUID v5 of a fixed namespace and a counter.
"""
import json, uuid
from datetime import datetime, timedelta, timezone

NS = uuid.UUID("6f1c2d4e-8a4b-4b7e-9c3d-2e5f6a7b8c9d")
counter = 0
CET = timezone(timedelta(hours=1))

def nid():
    global counter
    counter += 1
    return str(uuid.uuid5(NS, f"sample-week-{counter}"))

def ts(dt):
    s = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if dt.microsecond:
        s += ".%03d" % (dt.microsecond // 1000)
    return s + "+01:00"

out = []
def ev(type_, at, data, source="phone", caused=None):
    e = {"id": nid(), "type": type_, "v": 1, "at": ts(at), "tz": "Europe/Berlin", "source": source}
    if caused:
        e["causedBy"] = caused
    e["data"] = data
    out.append(e)
    return e["id"]

d0 = datetime(2026, 11, 29, 20, 5, 11, tzinfo=CET)
ev("goalSet", d0, {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": "2026-11-30"})
ev("appTierAssigned", d0 + timedelta(minutes=2), {"app": "Reddit", "tier": "blockFirst"})
ev("appTierAssigned", d0 + timedelta(minutes=3), {"app": "Messages", "tier": "alwaysAllowed"})
ev("scoreSettingsChanged", d0 + timedelta(minutes=5), {"weights": {"duration": 35, "deep": 25, "rem": 10, "bedtime": 20, "interruptions": 10}, "deepTarget": {"minutes": 60}, "remTarget": {"percent": 22.5}, "preset": "balanced"})

bedtimes = ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30"]
for k, bt in enumerate(bedtimes):
    night = datetime(2026, 11, 30, tzinfo=CET) + timedelta(days=k)
    n = night.strftime("%Y-%m-%d")
    h, m = map(int, bt.split(":"))
    bed = night.replace(hour=h, minute=m)
    if k == 3:
        ev("bedtimeOverridden", bed - timedelta(hours=6), {"night": n, "bedtime": "23:15"})
        bed = night.replace(hour=23, minute=15)
    wd = bed - timedelta(hours=4)
    i1 = ev("notificationInteracted", wd + timedelta(minutes=61), {"night": n, "template": "stop_eating", "action": "done"})
    ev("checklistItemCompleted", wd + timedelta(minutes=61, milliseconds=250), {"night": n, "item": "stop_eating"}, caused=i1)
    ev("notificationInteracted", wd + timedelta(minutes=120, seconds=14), {"night": n, "template": "warm_lighting", "action": "why"})
    ev("checklistItemCompleted", wd + timedelta(minutes=121), {"night": n, "item": "warm_lighting"})
    if k in (1, 4):
        ev("exitRequested", bed - timedelta(minutes=70), {"night": n})
        ev("exitConfirmed", bed - timedelta(minutes=68, seconds=-5), {"night": n})
        ev("freeWindowUsed", bed - timedelta(minutes=59), {"night": n, "returnedEarly": k == 4})
    if k == 2:
        ev("exitRequested", bed - timedelta(minutes=40), {"night": n})
        ev("exitCancelled", bed - timedelta(minutes=39, seconds=30), {"night": n})
    if k == 5:
        ev("windDownStartedEarly", wd - timedelta(minutes=20), {"night": n}, source="watch")
    went = bed + timedelta(minutes=[5, 20, 0, 10, 25, -5, 8][k])
    wid = ev("wentToBed", went, {"night": n}, source="watch")
    # The sleep samples, delivered by HealthKit the next morning.
    inbed = went + timedelta(minutes=2)
    onset = inbed + timedelta(minutes=[14, 22, 9, 17, 31, 12, 15][k])
    wake = bed + timedelta(hours=8) - timedelta(minutes=[10, 35, 0, 20, 50, 5, 15][k])
    morning = wake + timedelta(minutes=32)
    ev("wokeUp", wake + timedelta(minutes=3), {"night": n}, source="watch")
    def sample(stage, s, e):
        return {"sampleId": str(uuid.uuid5(NS, f"hk-{n}-{stage}-{s.isoformat()}")).upper(), "stage": stage, "start": ts(s), "end": ts(e), "tz": "Europe/Berlin", "sourceName": "Apple Watch"}
    ev("sleepSampleIngested", morning, sample("inBed", inbed, wake + timedelta(minutes=2)), source="health")
    t = onset
    pattern = [("core", 35), ("deep", 40), ("core", 30), ("rem", 25), ("awake", 3), ("core", 45), ("deep", 25), ("rem", 30), ("core", 40), ("rem", 35), ("core", 60)]
    for stage, minutes in pattern:
        e = min(t + timedelta(minutes=minutes), wake)
        if e <= t:
            break
        ev("sleepSampleIngested", morning + timedelta(seconds=1), sample(stage, t, e), source="health")
        t = e
    if t < wake:
        ev("sleepSampleIngested", morning + timedelta(seconds=1), sample("core", t, wake), source="health")
    ev("vitalSampleIngested", morning + timedelta(seconds=2), {"sampleId": str(uuid.uuid5(NS, f"hrv-{n}")).upper(), "kind": "hrv", "value": 48.5 + k, "unit": "ms", "start": ts(onset + timedelta(hours=2)), "end": ts(onset + timedelta(hours=2, minutes=5))}, source="health")
    ev("appleSleepScoreLogged", morning + timedelta(minutes=5), {"night": n, "total": [78, 71, 84, 80, 66, 86, 82][k], "duration": [40, 36, 44, 41, 33, 45, 43][k], "bedtime": [24, 21, 26, 25, 19, 27, 25][k], "interruptions": [14, 14, 14, 14, 14, 14, 14][k]})

# A watch event queued offline: it happened on the last evening but reached the log last.
last = datetime(2026, 12, 6, 22, 40, tzinfo=CET)
ev("checklistItemCompleted", last, {"night": "2026-12-06", "item": "cool_room"}, source="watch")

for e in out:
    print(json.dumps(e, separators=(",", ":"), ensure_ascii=False))
