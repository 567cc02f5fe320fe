#!/usr/bin/env python3
"""three-exits.jsonl: the mindful exit (docs/rules.md §3) on
a 7-night goal, midnight -> 22:30 from 2026-11-30 in Europe/Berlin. Night 2026-11-30
(wind-down 19:45, bedtime 23:45, wake 07:45):

  exit 1  attempt 1, requested 20:00:00, wait 60 s, confirmed 20:01:00; its 600 s window
          runs out at 20:11:00 (no event)
  exit 2  attempt 2, requested 21:00:00, wait 180 s, cancelled 21:01:30
  exit 3  attempt 2, requested 21:30:00, wait 180 s, confirmed 21:33:00 on the watch while
          offline: that line reaches the log only after exit 4's request, with its true
          `at`; freeWindowUsed{returnedEarly: true} at 21:38:20 (320 s of its 600 s)
  exit 4  attempt 3, requested 22:30:00, wait 300 s, confirmed 22:35:00 (exactly when the
          wait ends); its 300 s window ends at 22:40:00; a late
          freeWindowUsed{returnedEarly: false} at 22:41:00 (after the end: it resumed
          automatically, 300 s used)

Night 2026-12-01 (wind-down 19:30, bedtime 23:30) counts afresh: attempt 1, wait 60 s,
requested 19:59:30 and confirmed 20:00:30. Regenerate with make-exits-fixtures.sh."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Plans"))
from plans_events import Log  # noqa: E402

BERLIN = "Europe/Berlin"
NIGHT1 = "2026-11-30"
NIGHT2 = "2026-12-01"
log = Log("three-exits")
t = log.local


def n1(hour, minute, second=0):
    return t(BERLIN, 2026, 11, 30, hour, minute, second)


log.ev("goalSet", t(BERLIN, 2026, 11, 29, 20, 5, 11), {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": NIGHT1})

# Exit 1: confirmed after its 60 s wait; the window runs out by itself.
log.ev("exitRequested", n1(20, 0), {"night": NIGHT1})
log.ev("exitConfirmed", n1(20, 1), {"night": NIGHT1})
# Exit 2: never mind.
log.ev("exitRequested", n1(21, 0), {"night": NIGHT1})
log.ev("exitCancelled", n1(21, 1, 30), {"night": NIGHT1})
# Exit 3: requested on the phone, confirmed on the watch offline (appended below, late).
log.ev("exitRequested", n1(21, 30), {"night": NIGHT1})
confirm3 = dict(type_="exitConfirmed", at=n1(21, 33), data={"night": NIGHT1}, source="watch")
log.ev("freeWindowUsed", n1(21, 38, 20), {"night": NIGHT1, "returnedEarly": True})
# Exit 4, and then the watch's queued confirm of exit 3 arrives.
log.ev("exitRequested", n1(22, 30), {"night": NIGHT1})
log.ev(**confirm3)
log.ev("exitConfirmed", n1(22, 35), {"night": NIGHT1})
# Reported a minute after the window ended: it ran out (resumed automatically).
log.ev("freeWindowUsed", n1(22, 41), {"night": NIGHT1, "returnedEarly": False})

# The next night starts counting again.
log.ev("exitRequested", t(BERLIN, 2026, 12, 1, 19, 59, 30), {"night": NIGHT2})
log.ev("exitConfirmed", t(BERLIN, 2026, 12, 1, 20, 0, 30), {"night": NIGHT2})
log.print()
