#!/bin/sh
# Regenerates the mindful-exit fixtures like the night-plan ones (../Plans): each
# make-NAME.py prints events without seq, and every line is appended on its own with
# `replay-tool append NAME.jsonl` (one append an event, as the app writes them), so the
# logs are written by the library's own code; then `replay-tool verify` checks them.
#   REPLAY_TOOL=/path/to/replay-tool sh make-exits-fixtures.sh
# --allow-skipped: some fixtures hold, on purpose, events projections skip.
set -eu
cd "$(dirname "$0")"
tool=${REPLAY_TOOL:-replay-tool}
for name in three-exits demo-exit; do
    rm -f "$name.jsonl"
    python3 -B "make-$name.py" | while IFS= read -r line; do
        printf '%s\n' "$line" | "$tool" append "$name.jsonl" --allow-skipped >/dev/null
    done
    "$tool" verify "$name.jsonl"
done
