#!/usr/bin/env python3
"""trip.jsonl: Chicago -> Los Angeles -> Chicago. Goal midnight -> 22:30 over 7 nights from
2026-11-30, set in America/Chicago. On 2026-12-02 the person lands in Los Angeles (first
event in America/Los_Angeles at 16:10, before that night's wind-down): nights 2026-12-02
on move to Los Angeles, a zone revision caused by that event. On 2026-12-05 they are back
in Chicago at 15:20: nights 2026-12-05 on move back, another zone revision. Regenerate
with make-plans-fixtures.sh."""
from datetime import date, timedelta
from plans_events import Log, plus

CHICAGO = "America/Chicago"
LOS_ANGELES = "America/Los_Angeles"
log = Log("trip")
t = log.local
log.ev("goalSet", t(CHICAGO, 2026, 11, 29, 19, 0), {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": "2026-11-30"})

bedtimes = ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30"]
zones = [CHICAGO, CHICAGO, LOS_ANGELES, LOS_ANGELES, LOS_ANGELES, CHICAGO, CHICAGO]
for k, bedtime in enumerate(bedtimes):
    evening = date(2026, 11, 30) + timedelta(days=k)
    night = evening.isoformat()
    zone = zones[k]
    if k == 2:
        # Landed in Los Angeles: the first event in the new zone, hours before wind-down.
        log.ev("appTierAssigned", t(LOS_ANGELES, 2026, 12, 2, 16, 10), {"app": "Maps", "tier": "alwaysAllowed"})
    if k == 5:
        # Back in Chicago in the afternoon.
        log.ev("checklistItemCompleted", t(CHICAGO, 2026, 12, 5, 15, 20), {"night": night, "item": "last_meal"})
    hour, minute = map(int, bedtime.split(":"))
    bed = t(zone, evening.year, evening.month, evening.day, hour, minute)
    log.ev("wentToBed", plus(bed, minutes=[8, 3, 14, 6, 1, 9, 4][k]), {"night": night}, source="watch")
    log.ev("wokeUp", plus(bed, hours=8, minutes=-[5, 12, 0, 7, 3, 9, 6][k]), {"night": night}, source="watch")
log.print()
