#!/usr/bin/env python3
"""replaced-goal.jsonl: goal A (midnight -> 22:30 over 7 nights from 2026-11-30) is replaced
on 2026-12-02 by goal B (23:00 -> 22:00 over 4 nights from 2026-12-03: 22:45, 22:30,
22:15, 22:00), and night 2026-12-04 is overridden to 23:15 on its day. Night 2026-12-04
therefore has three revisions: created by A (22:45), B (22:30), the override (23:15).
Regenerate with make-plans-fixtures.sh."""
from datetime import date, timedelta
from plans_events import Log, plus

BERLIN = "Europe/Berlin"
log = Log("replaced-goal")
t = log.local
log.ev("goalSet", t(BERLIN, 2026, 11, 29, 20, 5, 11), {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": "2026-11-30"})


def night_events(evening, bedtime, went, woke):
    night = evening.isoformat()
    hour, minute = map(int, bedtime.split(":"))
    bed = t(BERLIN, evening.year, evening.month, evening.day, hour, minute)
    if hour < 12:
        bed = plus(bed, days=1)
    log.ev("wentToBed", plus(bed, minutes=went), {"night": night}, source="watch")
    log.ev("wokeUp", plus(bed, hours=8, minutes=-woke), {"night": night}, source="watch")


first = date(2026, 11, 30)
for k, bedtime in enumerate(["23:45", "23:30"]):
    night_events(first + timedelta(days=k), bedtime, [6, 11][k], [3, 8][k])

# On the third day, a new goal from the fourth night on: the third night keeps goal A.
log.ev("goalSet", t(BERLIN, 2026, 12, 2, 12, 30), {"currentBedtime": "23:00", "targetBedtime": "22:00", "days": 4, "firstNight": "2026-12-03"})
night_events(date(2026, 12, 2), "23:15", 4, 2)
night_events(date(2026, 12, 3), "22:45", 9, 6)
# A one-night override on the fifth night's day.
log.ev("bedtimeOverridden", t(BERLIN, 2026, 12, 4, 13, 0), {"night": "2026-12-04", "bedtime": "23:15"})
night_events(date(2026, 12, 4), "23:15", 2, 4)
night_events(date(2026, 12, 5), "22:15", 7, 10)
log.print()
