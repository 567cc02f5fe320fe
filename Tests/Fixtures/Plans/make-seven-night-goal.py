#!/usr/bin/env python3
"""seven-night-goal.jsonl: midnight -> 22:30 over 7 nights in Europe/Berlin (docs/rules.md §1.1:
23:45, 23:30, 23:15, 23:00, 22:45, 22:30, 22:30), with tier assignments, a checklist
item done from its notification on night 1 (notificationInteracted `done`, then
checklistItemCompleted with causedBy), and a watch event queued offline that reaches
the log last. Regenerate with make-plans-fixtures.sh."""
from datetime import date, timedelta
from plans_events import Log, plus

BERLIN = "Europe/Berlin"
log = Log("seven-night-goal")
t = log.local
goal_at = t(BERLIN, 2026, 11, 29, 20, 5, 11)
log.ev("goalSet", goal_at, {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": "2026-11-30"})
log.ev("appTierAssigned", plus(goal_at, minutes=2), {"app": "Reddit", "tier": "blockFirst"})
log.ev("appTierAssigned", plus(goal_at, minutes=3), {"app": "WhatsApp", "tier": "block30Min"})

# Night 1 (bedtime 23:45, wind-down 19:45): stop_eating (20:45) done from its notification.
done = log.ev("notificationInteracted", t(BERLIN, 2026, 11, 30, 20, 46), {"night": "2026-11-30", "template": "stop_eating", "action": "done"})
log.ev("checklistItemCompleted", plus(t(BERLIN, 2026, 11, 30, 20, 46), milliseconds=250), {"night": "2026-11-30", "item": "stop_eating"}, caused=done)
log.ev("checklistItemCompleted", t(BERLIN, 2026, 11, 30, 21, 50), {"night": "2026-11-30", "item": "warm_lighting"})

bedtimes = ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30"]
for k, bedtime in enumerate(bedtimes):
    evening = date(2026, 11, 30) + timedelta(days=k)
    night = evening.isoformat()
    hour, minute = map(int, bedtime.split(":"))
    bed = t(BERLIN, evening.year, evening.month, evening.day, hour, minute)
    log.ev("wentToBed", plus(bed, minutes=[7, 12, -3, 4, 9, 0, 2][k]), {"night": night}, source="watch")
    log.ev("wokeUp", plus(bed, hours=8, minutes=-[4, 9, 1, 0, 12, 6, 5][k]), {"night": night}, source="watch")

# Done on the watch on the last evening, offline: it reaches the log last.
log.ev("checklistItemCompleted", t(BERLIN, 2026, 12, 6, 22, 2), {"night": "2026-12-06", "item": "cool_room"}, source="watch")
log.print()
