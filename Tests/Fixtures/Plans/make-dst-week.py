#!/usr/bin/env python3
"""dst-week.jsonl: a week across the end of summer time in Europe/Berlin (2026-10-25, 03:00
CEST -> 02:00 CET). Goal 03:00 -> 01:30 over 6 nights from 2026-10-22 steps 15 minutes:
02:45, 02:30, 02:15, 02:00, 01:45, 01:30. Night 2026-10-24's bedtime 02:15 happens twice
on 2026-10-25 and takes the first occurrence (02:15+02:00, docs/rules.md §1.3); its wind-down
(−4 h) is in summer time and its wake time (+8 h) in winter time, 09:15+01:00. Events
carry the offset in force at their instant. Regenerate with make-plans-fixtures.sh."""
from datetime import date, timedelta
from plans_events import Log, plus

BERLIN = "Europe/Berlin"
log = Log("dst-week")
t = log.local
log.ev("goalSet", t(BERLIN, 2026, 10, 21, 19, 0), {"currentBedtime": "03:00", "targetBedtime": "01:30", "days": 6, "firstNight": "2026-10-22"})

bedtimes = ["02:45", "02:30", "02:15", "02:00", "01:45", "01:30"]
for k, bedtime in enumerate(bedtimes):
    evening = date(2026, 10, 22) + timedelta(days=k)
    night = evening.isoformat()
    morning = evening + timedelta(days=1)
    hour, minute = map(int, bedtime.split(":"))
    bed = t(BERLIN, morning.year, morning.month, morning.day, hour, minute)  # fold=0: first occurrence
    if k == 2:
        # Night 2026-10-24: warm_lighting (−120 min, 00:15+02:00) done from its notification
        # at 00:20; the watch logs bed an hour after bedtime, at the second 02:15 (02:15+01:00).
        done = log.ev("notificationInteracted", plus(bed, minutes=-115), {"night": night, "template": "warm_lighting", "action": "done"})
        log.ev("checklistItemCompleted", plus(bed, minutes=-115, seconds=1), {"night": night, "item": "warm_lighting"}, caused=done)
    log.ev("wentToBed", plus(bed, minutes=[5, 10, 60, 0, 12, 3][k]), {"night": night}, source="watch")
    log.ev("wokeUp", plus(bed, hours=8, minutes=-[6, 2, 10, 0, 15, 4][k]), {"night": night}, source="watch")
log.print()
