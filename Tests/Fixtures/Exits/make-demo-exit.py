#!/usr/bin/env python3
"""demo-exit.jsonl: a mindful exit on a demo night (docs/rules.md §4). A goal (midnight ->
22:30 over 7 nights from 2026-11-30, Europe/Berlin), then demoNightStarted{compression: 60}
at 15:00:00 on 2026-11-30: bedtime 15:04:00, waits
and free windows divided by 12. The exit is requested at 15:01:00 (wait 60/12 = 5 s) and
confirmed at 15:01:05, exactly when the wait ends; its window is 600/12 = 50 s (until
15:01:55), its reminder 120/12 = 10 s before the end (15:01:45). Regenerate with
make-exits-fixtures.sh."""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Plans"))
from plans_events import Log  # noqa: E402

BERLIN = "Europe/Berlin"
log = Log("demo-exit")
t = log.local
log.ev("goalSet", t(BERLIN, 2026, 11, 29, 20, 5, 11), {"currentBedtime": "00:00", "targetBedtime": "22:30", "days": 7, "firstNight": "2026-11-30"})
log.ev("demoNightStarted", t(BERLIN, 2026, 11, 30, 15, 0), {"compression": 60})
log.ev("exitRequested", t(BERLIN, 2026, 11, 30, 15, 1), {"night": "demo"})
log.ev("exitConfirmed", t(BERLIN, 2026, 11, 30, 15, 1, 5), {"night": "demo"})
log.print()
