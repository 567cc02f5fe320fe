#!/bin/sh
# Regenerates the night-plan fixtures: each make-NAME.py prints events without seq, and
# every line is appended on its own with `replay-tool append NAME.jsonl` (one append an
# event, as the app writes them), so the logs are written by the library's own code.
#   REPLAY_TOOL=/path/to/replay-tool sh make-plans-fixtures.sh
# --allow-skipped: some fixtures hold, on purpose, events projections skip.
set -eu
cd "$(dirname "$0")"
tool=${REPLAY_TOOL:-replay-tool}
for name in seven-night-goal replaced-goal dst-week trip; do
    rm -f "$name.jsonl"
    python3 -B "make-$name.py" | while IFS= read -r line; do
        printf '%s\n' "$line" | "$tool" append "$name.jsonl" --allow-skipped >/dev/null
    done
    "$tool" verify "$name.jsonl"
done
