#!/usr/bin/env python3
"""An independent check of the fortnight goldens: recomputes `sleep`, `debt` and `streaks`
from fortnight.jsonl with the rules of docs/rules.md (§5 and §6), written from the text of
the rules and not from the Swift code, and compares them with `show --json` goldens.

    python3 check-fortnight.py goldens/fortnight-*.json

Each golden is checked as of its own `asOf`. Prints every night's figures, the debt and
streak arithmetic, and OK or the differences; exits 1 on any difference."""
import json, math, sys
from datetime import datetime, timedelta, date, timezone
from decimal import Decimal, ROUND_HALF_UP
from zoneinfo import ZoneInfo
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MINUTE = 60_000
ASLEEP = {"asleep", "core", "deep", "rem"}
STAGED = {"core", "deep", "rem"}


def parse(text):
    return datetime.fromisoformat(text)


def ms(dt):
    return int(dt.timestamp() * 1000)


def night_of(moment_ms, zone):
    local = datetime.fromtimestamp(moment_ms / 1000, ZoneInfo(zone))
    day = local.date()
    return day if local.hour >= 12 else day - timedelta(days=1)


def union(intervals, gap=0):
    out = []
    for s, e in sorted(intervals):
        if e <= s:
            continue
        if out and (s - out[-1][1] < max(gap, 1) or s <= out[-1][1]):
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def measure(intervals):
    return sum(e - s for s, e in union(intervals))


def clip(intervals, window):
    return [(max(s, window[0]), min(e, window[1])) for s, e in intervals if min(e, window[1]) > max(s, window[0])]


def minutes(value_ms):
    return None if value_ms is None else (value_ms + 30_000) // MINUTE


def fraction(value):
    return float(Decimal(repr(value)).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


def show(moment_ms, zone):
    return datetime.fromtimestamp(moment_ms / 1000, ZoneInfo(zone)).isoformat()


def load():
    events = [json.loads(line) for line in open(os.path.join(HERE, "fortnight.jsonl"), encoding="utf-8")]
    return sorted(events, key=lambda e: (ms(parse(e["at"])), e["seq"]))


def fold(events, as_of_ms):
    samples, deleted, manual, went = {}, set(), {}, {}
    goal, latest_zone, folded = None, None, []
    for e in events:
        at = ms(parse(e["at"]))
        if at > as_of_ms:
            continue
        folded.append(e)
        latest_zone = e["tz"]
        d = e["data"]
        kind = e["type"]
        if kind == "goalSet":
            goal = d
        elif kind == "sleepSampleIngested":
            if d["sampleId"] in deleted:
                continue
            zone = d.get("tz", e["tz"])
            start, end = ms(parse(d["start"])), ms(parse(d["end"]))
            samples[d["sampleId"]] = dict(stage=d["stage"], start=start, end=end, source=d["sourceName"], zone=zone, night=night_of(start, zone))
        elif kind == "sleepSampleDeleted":
            deleted.add(d["sampleId"])
            samples.pop(d["sampleId"], None)
        elif kind == "manualSleepLogged":
            manual[date.fromisoformat(d["night"])] = (ms(parse(d["bedtime"])), ms(parse(d["wakeTime"])), e["tz"])
        elif kind == "wentToBed":
            night = date.fromisoformat(d["night"])
            went.setdefault(night, at)
    return samples, manual, went, goal, latest_zone, folded


def record(night, samples, manual):
    mine = [s for s in samples.values() if s["night"] == night]
    asleep = [(s["start"], s["end"]) for s in mine if s["stage"] in ASLEEP]
    if not asleep:
        if night in manual:
            bed, wake, zone = manual[night]
            return dict(night=night.isoformat(), onset=show(bed, zone), finalWake=show(wake, zone), asleepMinutes=minutes(wake - bed),
                        coreMinutes=None, deepMinutes=None, remMinutes=None, awakeMinutes=0, interruptions=0, latencyMinutes=None,
                        efficiency=1.0, napMinutes=0, source="manual", _asleep=wake - bed, _onset=bed, _staged=None)
        return None
    runs = union(asleep, gap=2 * 3600_000)
    best = max(runs, key=lambda r: (measure(clip(asleep, r)), -r[0]))
    main_union = union(clip(asleep, best))
    asleep_ms = measure(clip(asleep, best))
    onset, wake = best
    gaps = [b[0] - a[1] for a, b in zip(main_union, main_union[1:])]
    staged = {}
    for s in mine:
        if s["stage"] in STAGED:
            staged.setdefault(s["source"], []).append((s["start"], s["end"]))
    chosen = min(staged, key=lambda k: (-measure(staged[k]), k)) if staged else None

    def stage(name):
        if chosen is None:
            return None
        return minutes(measure(clip([(s["start"], s["end"]) for s in mine if s["source"] == chosen and s["stage"] == name], best)))
    in_bed = union([(s["start"], s["end"]) for s in mine if s["stage"] == "inBed"], gap=MINUTE)
    holding = next((b for b in in_bed if b[0] <= onset <= b[1]), None)
    onset_sample = min((s for s in mine if s["stage"] in ASLEEP and s["start"] == onset), key=lambda s: s["zone"])
    zone = onset_sample["zone"]
    return dict(night=night.isoformat(), onset=show(onset, zone), finalWake=show(wake, zone), asleepMinutes=minutes(asleep_ms),
                coreMinutes=stage("core"), deepMinutes=stage("deep"), remMinutes=stage("rem"),
                awakeMinutes=minutes(wake - onset - asleep_ms), interruptions=sum(1 for g in gaps if g >= MINUTE),
                latencyMinutes=minutes(onset - holding[0]) if holding else None,
                efficiency=fraction(asleep_ms / (wake - (holding[0] if holding else onset))),
                napMinutes=minutes(measure(asleep) - asleep_ms), source="samples", _asleep=asleep_ms, _onset=onset, _staged=chosen)


def plan(night, goal, folded):
    """Bedtime (local "HH:MM"), zone and bedtime instant of a night planned by `goal`."""
    first = date.fromisoformat(goal["firstNight"])
    if night < first:
        return None
    cur_h, cur_m = map(int, goal["currentBedtime"].split(":"))
    tgt_h, tgt_m = map(int, goal["targetBedtime"].split(":"))
    current = (cur_h * 60 + cur_m - 12 * 60) % 1440
    target = (tgt_h * 60 + tgt_m - 12 * 60) % 1440
    shift = current - target
    step = max(15, math.ceil(shift / goal["days"] / 5) * 5)
    k = (night - first).days + 1
    bed = max(target, current - step * k) + 12 * 60
    bedtime = "%02d:%02d" % ((bed // 60) % 24, bed % 60)

    def instant(zone, minus_hours=0):
        day = night + timedelta(days=1 if bed >= 1440 else 0)
        local = datetime(day.year, day.month, day.day, (bed // 60) % 24, bed % 60, tzinfo=ZoneInfo(zone))
        return ms(local) - minus_hours * 3600_000
    zone = None
    for e in folded:  # in (at, seq) order
        if ms(parse(e["at"])) < instant(e["tz"], 4):
            zone = e["tz"]
    zone = zone or folded[0]["tz"]
    return bedtime, zone, instant(zone)


def check(golden_path):
    golden = json.load(open(golden_path, encoding="utf-8"))
    as_of = ms(parse(golden["asOf"]))
    samples, manual, went, goal, latest_zone, folded = fold(load(), as_of)
    nights = sorted({s["night"] for s in samples.values()} | set(manual))
    records = [r for r in (record(n, samples, manual) for n in nights) if r]
    need = goal.get("sleepNeedMinutes", 480)
    last = night_of(as_of, latest_zone)
    print(f"== {os.path.basename(golden_path)}: as of {golden['asOf']}, asOf's night {last} (in {latest_zone}), need {need} min")
    by_night = {date.fromisoformat(r["night"]): r for r in records}
    problems = []
    for r in records:
        print(f"  {r['night']}  onset {r['onset']}  wake {r['finalWake']}  asleep {r['asleepMinutes']}  core/deep/rem {r['coreMinutes']}/{r['deepMinutes']}/{r['remMinutes']}"
              f"  awake {r['awakeMinutes']}  interruptions {r['interruptions']}  latency {r['latencyMinutes']}  eff {r['efficiency']:.4f}  nap {r['napMinutes']}  {r['source']} (staged {r['_staged']})")
    expected_sleep = [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]
    if expected_sleep != golden["sleep"]:
        problems.append(("sleep", expected_sleep, golden["sleep"]))

    # Debt: nights with data in the 7 and 14 nights ending with asOf's night.
    window = [last - timedelta(days=k) for k in range(14)]
    balances = [(k, n, need - by_night[n]["_asleep"] / MINUTE) for k, n in enumerate(window) if n in by_night]
    debt7 = max(0.0, sum(b for k, n, b in balances if k < 7))
    debt14 = max(0.0, sum(b for k, n, b in balances))
    weights = [(0.15 * 0.872 ** k, b) for k, n, b in balances]
    weighted = max(0.0, 14 * sum(w * b for w, b in weights) / sum(w for w, b in weights)) if weights else 0.0
    latest3 = [need - by_night[n]["_asleep"] / MINUTE for n in sorted(n for n in by_night if n <= last)[-3:]]
    mean3 = sum(latest3) / len(latest3) if latest3 else 0
    recovery = 0 if debt7 <= 0 else (math.ceil(debt7 / -mean3) if mean3 < 0 else None)
    for k, n, b in balances:
        print(f"    debt: {n} k={k} balance {b:+.1f} weight {0.15 * 0.872 ** k:.4f}{' (7)' if k < 7 else ''}")
    print(f"  debt7 {debt7:.2f} debt14 {debt14:.2f} weighted {weighted:.2f} latest3 {latest3} mean {mean3:.2f} recovery {recovery}")
    expected_debt = dict(last7Minutes=math.floor(debt7 + 0.5), last14Minutes=math.floor(debt14 + 0.5), weighted14Minutes=math.floor(weighted + 0.5),
                         nightsWithData7=sum(1 for k, n, b in balances if k < 7), nightsWithData14=len(balances), recoveryNights=recovery)
    if expected_debt != golden["debt"]:
        problems.append(("debt", expected_debt, golden["debt"]))

    # Streaks: nights with an onset or a wentToBed, up to asOf's night, that have a plan.
    current = best = 0
    for n in sorted(set(by_night) | set(went)):
        if n > last:
            continue
        p = plan(n, goal, folded)
        if p is None:
            continue
        start = by_night[n]["_onset"] if n in by_night else went[n]
        limit = p[2] + 15 * MINUTE
        hit = start <= limit
        current = current + 1 if hit else 0
        best = max(best, current)
        print(f"    streak: {n} start {show(start, p[1])} bedtime {p[0]} {p[1]} + 15 = {show(limit, p[1])} {'hit' if hit else 'miss'} -> {current}")
    expected_streaks = dict(current=current, best=best)
    if expected_streaks != golden["streaks"]:
        problems.append(("streaks", expected_streaks, golden["streaks"]))
    for name, want, got in problems:
        print(f"  DIFFERS {name}:\n    computed {want}\n    golden   {got}")
    print("  OK" if not problems else "  FAILED")
    return not problems


if __name__ == "__main__":
    results = [check(path) for path in sys.argv[1:]]
    sys.exit(0 if results and all(results) else 1)
