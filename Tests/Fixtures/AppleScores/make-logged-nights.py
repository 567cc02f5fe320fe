#!/usr/bin/env python3
"""Writes the Apple-score calibration fixture, logged-nights.jsonl (see README.md).

    python3 make-logged-nights.py                       # the events (without seq) on stdout
    python3 make-logged-nights.py --replay-tool PATH    # (re)writes logged-nights.jsonl beside
                                                        # this script, one `append` an event
    python3 make-logged-nights.py --table               # the nights, their sleep and their
                                                        # logged scores, as a Markdown table

Each event goes through `replay-tool append` on its own (one append an event, as the app
writes them), so the fixture is written by the same code as the library. Deterministic:
event ids are UUID v5 of a fixed namespace and a counter, sample ids UUID v5 of the night,
stage and start; the made-up scores' noise comes from a seeded generator.

Apple publishes no formula and no API for its Sleep Score. Of the scores logged here only
one breakdown is real (night 2027-01-14: duration 40/50, bedtime 30/30, interruptions 14/20,
total 84); its sleep was not published, so the night's samples are made to plausibly produce
it. Every other logged score is MADE UP by `made_up_score` below: the known anchors of
docs/rules.md §7.3 for duration, a guess for the rest, and a little noise.
"""
import json, os, random, subprocess, sys, uuid
from datetime import datetime, timedelta, timezone

NS = uuid.UUID("3b0a8f64-2d3c-4c55-a1e7-5a9e0c7d41b2")
CET = timezone(timedelta(hours=1))  # Europe/Berlin in January
ZONE = "Europe/Berlin"
SOURCE = "Apple Watch"

counter = 0


def nid():
    global counter
    counter += 1
    return str(uuid.uuid5(NS, f"apple-scores-{counter}"))


def ts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S") + "+01:00"


out = []


def ev(type_, at, data, source="phone"):
    out.append({"id": nid(), "type": type_, "v": 1, "at": ts(at), "tz": ZONE, "source": source, "data": data})


# One night: (night, sleep onset "HH:MM", minutes asleep, deep %, REM %, wake-ups as
# (after how many minutes asleep, minutes awake), what the logged score is, a note).
# Deep is either clearly normal (>= 14 %) or clearly low (<= 9 %), REM clearly normal
# (>= 21 %) or clearly low (<= 15 %): where exactly Apple draws "low" is not known, and
# the fixture does not pretend to know it.
WARM_UP = [
    ("2027-01-04", "23:25", 460, 16, 22, [(210, 4)], "first nights with the watch"),
    ("2027-01-05", "23:40", 440, 17, 22, [(120, 3), (300, 4)], ""),
    ("2027-01-06", "23:20", 475, 16, 23, [(250, 5)], ""),
    ("2027-01-07", "23:35", 450, 15, 22, [(180, 3)], ""),
]
SCORED = [
    ("2027-01-08", "23:30", 475, 17, 23, [(200, 4)], "a full, calm night"),
    ("2027-01-09", "01:40", 430, 15, 21, [(90, 3), (260, 5)], "late night out"),
    ("2027-01-10", "23:50", 410, 16, 24, [(150, 3), (300, 6)], "1 h short of 7 h 50 min"),
    ("2027-01-11", "23:20", 350, 15, 22, [(120, 4)], "2 h short"),
    ("2027-01-12", "23:35", 520, 16, 22, [(180, 3), (400, 4)], "long night, 8 h 40 min; the interruptions were typed in on a second try"),
    ("2027-01-13", "23:25", 305, 14, 21, [(100, 5), (200, 7)], "short night, 5 h 5 min"),
    ("2027-01-14", "23:40", 375, 16, 22, [(90, 4), (210, 5), (300, 6)], "the published breakdown; its sleep (6 h 15 min asleep, three wake-ups, 15 min awake, the usual onset) is made up to fit it"),
    ("2027-01-15", "22:05", 455, 8, 22, [(150, 3)], "early night, low deep"),
    ("2027-01-16", "00:55", 440, 16, 13, [(120, 4), (320, 8)], "late night, low REM"),
    ("2027-01-17", "02:30", 340, 15, 21, [(60, 6), (200, 10), (280, 4)], "very late night, and short"),
    ("2027-01-18", "23:10", 550, 16, 22, [(240, 5)], "long night, 9 h 10 min"),
    ("2027-01-19", "23:30", 465, 7, 14, [(130, 4)], "low deep and low REM"),
    ("2027-01-20", "23:45", 420, 16, 23, [(40, 5), (100, 8), (170, 6), (250, 9), (330, 4), (390, 3)], "fragmented: six wake-ups, 35 min awake"),
    ("2027-01-21", "23:15", 480, 17, 24, [], "no wake-up at all"),
    ("2027-01-22", "21:45", 500, 16, 22, [(200, 4)], "early night"),
    ("2027-01-23", "00:20", 400, 9, 21, [(180, 20), (300, 5)], "a little late, low deep, one long wake-up"),
    ("2027-01-24", "23:35", 455, 15, 15, [(160, 4)], "low REM"),
    ("2027-01-25", "23:30", 390, 16, 22, [(200, 5)], "interruptions not typed in"),
    ("2027-01-26", "00:05", 445, 15, 22, [(150, 3), (300, 4)], "interruptions not typed in"),
    ("2027-01-27", "23:40", 270, 14, 22, [(80, 12), (150, 25)], "very short night, 4 h 30 min, two long wake-ups"),
]
PUBLISHED_NIGHT = "2027-01-14"
PUBLISHED = {"total": 84, "duration": 40, "bedtime": 30, "interruptions": 14}
WITHOUT_INTERRUPTIONS = {"2027-01-25", "2027-01-26"}
RETYPED = "2027-01-12"


def night_date(text):
    return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=CET)


def onset_of(night, hhmm):
    h, m = map(int, hhmm.split(":"))
    day = night_date(night)
    return day.replace(hour=h, minute=m) + (timedelta(days=1) if h < 12 else timedelta())


def minutes_after_noon(dt):
    minutes = dt.hour * 60 + dt.minute + dt.second / 60
    return minutes - 720 if minutes >= 720 else minutes + 720


def median(values):
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def stage_blocks(asleep, deep_pct, rem_pct):
    """The asleep minutes as (stage, minutes) blocks in cycles of about 90 minutes: deep
    mostly in the early cycles, REM mostly in the late ones, core around them."""
    deep = round(asleep * deep_pct / 100)
    rem = round(asleep * rem_pct / 100)
    cycles = max(1, round(asleep / 90))
    deep_weights = [cycles - i for i in range(cycles)]
    rem_weights = [i + 1 for i in range(cycles)]

    def share(total, weights):
        parts = [total * w // sum(weights) for w in weights]
        parts[0] += total - sum(parts)
        return parts

    deeps, rems = share(deep, deep_weights), share(rem, rem_weights)
    cores = share(asleep - deep - rem, [1] * cycles)
    blocks = []
    for i in range(cycles):
        first = cores[i] // 2
        for stage, minutes in (("core", first), ("deep", deeps[i]), ("core", cores[i] - first), ("rem", rems[i])):
            if minutes > 0:
                if blocks and blocks[-1][0] == stage:
                    blocks[-1] = (stage, blocks[-1][1] + minutes)
                else:
                    blocks.append((stage, minutes))
    assert sum(m for _, m in blocks) == asleep
    return blocks


def timeline(onset, asleep, deep_pct, rem_pct, wakeups):
    """(stage, start, end) from the onset: the stage blocks with the awake stretches put in
    after the given minutes asleep."""
    blocks = stage_blocks(asleep, deep_pct, rem_pct)
    pending = sorted(wakeups)
    t, slept, result = onset, 0, []
    for stage, minutes in blocks:
        left = minutes
        while left > 0:
            if pending and slept < pending[0][0] < slept + left:
                run = pending[0][0] - slept
            else:
                run = left
            result.append((stage, t, t + timedelta(minutes=run)))
            t += timedelta(minutes=run)
            slept += run
            left -= run
            if pending and slept == pending[0][0] and slept < asleep:
                awake = pending.pop(0)[1]
                result.append(("awake", t, t + timedelta(minutes=awake)))
                t += timedelta(minutes=awake)
    assert not pending, "a wake-up after the last minute asleep"
    return result


def half_up(x):
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def made_up_score(asleep, deep_pct, rem_pct, deviation, wakeups, rng):
    """A MADE-UP Apple score, not read off any Health app.

    Duration follows the known anchors (docs/rules.md §7.3): nothing lost from 7 h 50 min up;
    6 points lost at 1 h short, 13 at 2 h short, then about 9 more for each further hour
    (linear between these); 5 points for low deep, 5 for low REM. Bedtime and interruptions
    are guesses: bedtime full within 20 minutes of the usual onset, then losing all 30 points
    over 140 more minutes when late and over 240 when early (reviewers report late bedtimes
    cost more than early ones); interruptions lose 1.25 points a wake-up and 0.12 a minute
    awake. Each part is rounded and given noise of -1, 0 or +1 points (the total is their
    sum)."""
    short = max(0, 470 - asleep)
    anchors = [(0, 0), (60, 6), (120, 13), (180, 22), (240, 31), (300, 40), (470, 50)]
    lost = 50
    for (x0, y0), (x1, y1) in zip(anchors, anchors[1:]):
        if x0 <= short <= x1:
            lost = y0 + (y1 - y0) * (short - x0) / (x1 - x0)
            break
    duration = 50 - lost - (5 if deep_pct < 12 else 0) - (5 if rem_pct < 18 else 0)
    if deviation is None:
        bedtime = 30
    elif deviation >= 0:
        bedtime = 30 * min(1, max(0, 1 - (deviation - 20) / 140))
    else:
        bedtime = 30 * min(1, max(0, 1 - (-deviation - 20) / 240))
    awake = sum(m for _, m in wakeups)
    interruptions = 20 - 1.25 * len(wakeups) - 0.12 * awake

    def noisy(value, top):
        return min(top, max(0, half_up(value) + rng.choice([-1, 0, 0, 1])))

    parts = {"duration": noisy(duration, 50), "bedtime": noisy(bedtime, 30), "interruptions": noisy(interruptions, 20)}
    parts["total"] = parts["duration"] + parts["bedtime"] + parts["interruptions"]
    return parts


def build():
    rng = random.Random(20270108)
    ev("goalSet", datetime(2027, 1, 3, 20, 0, tzinfo=CET),
       {"currentBedtime": "23:30", "targetBedtime": "23:00", "days": 5, "firstNight": "2027-01-04", "sleepNeedMinutes": 480})
    onsets, rows = [], []
    for night, hhmm, asleep, deep, rem, wakeups, note in WARM_UP + SCORED:
        onset = onset_of(night, hhmm)
        spans = timeline(onset, asleep, deep, rem, wakeups)
        wake = spans[-1][2]
        in_bed = onset - timedelta(minutes=12)
        morning = wake + timedelta(minutes=25)

        def sample(stage, start, end):
            sid = str(uuid.uuid5(NS, f"hk-{night}-{stage}-{start.isoformat()}")).upper()
            return {"sampleId": sid, "stage": stage, "start": ts(start), "end": ts(end), "tz": ZONE, "sourceName": SOURCE}

        ev("sleepSampleIngested", morning, sample("inBed", in_bed, wake + timedelta(minutes=3)), source="health")
        for stage, start, end in spans:
            ev("sleepSampleIngested", morning + timedelta(seconds=1), sample(stage, start, end), source="health")

        usual = median(onsets[-14:])
        here = minutes_after_noon(onset)
        deviation = None if usual is None else here - usual
        onsets.append(here)
        if night in {n for n, *_ in WARM_UP}:
            rows.append((night, hhmm, asleep, deep, rem, wakeups, deviation, None, note))
            continue
        if night == PUBLISHED_NIGHT:
            score = dict(PUBLISHED)
        else:
            score = made_up_score(asleep, deep, rem, deviation, wakeups, rng)
        typed = {"night": night, "total": score["total"], "duration": score["duration"], "bedtime": score["bedtime"]}
        if night == RETYPED:
            # First typed in without interruptions, then again in full a minute later: the
            # latest per night counts.
            ev("appleSleepScoreLogged", morning + timedelta(minutes=10), dict(typed))
            typed["interruptions"] = score["interruptions"]
            ev("appleSleepScoreLogged", morning + timedelta(minutes=11), typed)
        else:
            if night not in WITHOUT_INTERRUPTIONS:
                typed["interruptions"] = score["interruptions"]
            ev("appleSleepScoreLogged", morning + timedelta(minutes=10), typed)
        rows.append((night, hhmm, asleep, deep, rem, wakeups, deviation, typed, note))
    return rows


def table(rows):
    lines = ["| night | onset | asleep | deep % | REM % | wake-ups (min awake) | from usual onset | logged D/B/I = total | where the score comes from |",
             "|---|---|---|---|---|---|---|---|---|"]
    for night, hhmm, asleep, deep, rem, wakeups, deviation, typed, note in rows:
        dev = "—" if deviation is None else f"{deviation:+.0f} min"
        if typed is None:
            logged, origin = "none", "no score typed in"
        else:
            i = typed.get("interruptions")
            logged = f"{typed['duration']}/{typed['bedtime']}/{'—' if i is None else i} = {typed['total']}"
            origin = "**real**" if night == PUBLISHED_NIGHT else "made up"
        wake = f"{len(wakeups)} ({sum(m for _, m in wakeups)})"
        lines.append(f"| {night} | {hhmm} | {asleep // 60} h {asleep % 60:02d} | {deep} | {rem} | {wake} | {dev} | {logged} | {origin}{'; ' + note if note else ''} |")
    return "\n".join(lines)


def main():
    rows = build()
    if "--table" in sys.argv:
        print(table(rows))
        return
    if "--replay-tool" in sys.argv:
        tool = sys.argv[sys.argv.index("--replay-tool") + 1]
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "logged-nights.jsonl")
        if os.path.exists(path):
            os.remove(path)
        for e in out:
            line = json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n"
            subprocess.run([tool, "append", path, "--allow-skipped"], input=line.encode(), check=True, stdout=subprocess.DEVNULL)
        subprocess.run([tool, "verify", path], check=True)
        return
    for e in out:
        print(json.dumps(e, separators=(",", ":"), ensure_ascii=False))


if __name__ == "__main__":
    main()
