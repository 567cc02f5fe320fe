#!/bin/sh
# Regenerates the fortnight fixture like the night-plan ones (../Plans): make-fortnight.py
# prints events without seq, and every line is appended on its own with
# `replay-tool append fortnight.jsonl` (one append an event, as the app writes them), so the
# log is written by the library's own code; then `replay-tool verify` checks it.
#   REPLAY_TOOL=/path/to/replay-tool sh make-fortnight-fixtures.sh
# --allow-skipped: some fixtures hold, on purpose, events projections skip.
set -eu
cd "$(dirname "$0")"
tool=${REPLAY_TOOL:-replay-tool}
for name in fortnight; do
    rm -f "$name.jsonl"
    python3 -B "make-$name.py" | while IFS= read -r line; do
        printf '%s\n' "$line" | "$tool" append "$name.jsonl" --allow-skipped >/dev/null
    done
    "$tool" verify "$name.jsonl"
done
