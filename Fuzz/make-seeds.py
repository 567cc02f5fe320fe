#!/usr/bin/env python3
"""Writes the fuzz seed corpora from the package's fixtures (run from anywhere).

Corpus/event-line/: one line per distinct (type, v) of the fixture logs, plus each line of
the hostile corpus (Tests/Fixtures/Hostile) under 8 KiB. Corpus/append-input/: the same
valid lines with seq and batch removed (as `replay-tool append` takes them), singly and
a few together, plus some hostile ones.
"""
import glob, hashlib, json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LOGS = ["SampleWeek/sample-week.jsonl", "Fortnight/fortnight.jsonl", "AppleScores/logged-nights.jsonl",
        "Exits/demo-exit.jsonl", "Exits/three-exits.jsonl", "Plans/dst-week.jsonl", "Plans/trip.jsonl"]


def write(folder, content):
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(content).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(content)


def unsequenced(line):
    line = re.sub(rb'"seq":\d+,', b"", line)
    return re.sub(rb',"batch":\[\d+,\d+\]', b"", line)


def main():
    seen, valid = set(), []
    for log in LOGS:
        path = os.path.join(ROOT, "Tests/Fixtures", log)
        if not os.path.exists(path):
            continue
        for line in open(path, "rb").read().split(b"\n"):
            if not line:
                continue
            obj = json.loads(line)
            key = (obj.get("type"), obj.get("v"), "batch" in obj)
            if key not in seen:
                seen.add(key)
                valid.append(line)
    line_dir, input_dir = os.path.join(HERE, "Corpus/event-line"), os.path.join(HERE, "Corpus/append-input")
    for line in valid:
        write(line_dir, line)
        write(input_dir, unsequenced(line) + b"\n")
    for i in range(0, len(valid), 3):
        write(input_dir, b"".join(unsequenced(line) + b"\n" for line in valid[i:i + 3]))
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/Hostile/*.jsonl"))):
        content = open(path, "rb").read()
        for line in content.split(b"\n"):
            if 0 < len(line) <= 8192:
                write(line_dir, line)
        if 0 < len(content) <= 8192:
            write(input_dir, unsequenced(content))
    print(len(os.listdir(line_dir)), "event-line seeds,", len(os.listdir(input_dir)), "append-input seeds")


if __name__ == "__main__":
    main()
