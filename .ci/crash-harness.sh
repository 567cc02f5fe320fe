#!/usr/bin/env bash
# CI: the crash-injection harness. Builds log-crash-harness in release and runs it at CI
# size: a writer process appending through FileEventLog is killed with SIGKILL
# $KILLS times (default 200, about 35 s on a 2-core machine); after each kill the log must
# hold every acknowledged event byte for byte, show no partial batch, report nothing but a
# torn tail, and verify sound after repair. Fails (non-zero) on any lost or corrupted event.
#   KILLS=600 .ci/crash-harness.sh       # a bigger run (about 3.5 min; --full is 1000 kills).
#   Time grows with the square of KILLS: every check rereads the whole, growing log.
#   SCRATCH=/path .ci/crash-harness.sh   # build in another scratch path
# Then the concurrent writers (WRITERS, DELIVERIES): seq contiguous, no line interleaved,
# no id twice, every acknowledged event present byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

kills="${KILLS:-200}"
seed="${SEED:-1}"
scratch=()
if [[ -n "${SCRATCH:-}" ]]; then scratch=(--scratch-path "$SCRATCH"); fi

echo "== release build of log-crash-harness"
swift build -c release --product log-crash-harness -j 2 ${scratch[@]+"${scratch[@]}"}
bin="$(swift build -c release --show-bin-path ${scratch[@]+"${scratch[@]}"})"

echo "== log-crash-harness: $kills kills, seed $seed"
"$bin/log-crash-harness" run --kills "$kills" --seed "$seed"

echo "== concurrent writers: 3 processes through the library + 1 through replay-tool append"
swift build -c release --product replay-tool -j 2 ${scratch[@]+"${scratch[@]}"}
"$bin/log-crash-harness" concurrent --writers "${WRITERS:-3}" --deliveries "${DELIVERIES:-400}"

echo "== crash states (ALICE's method): every state a crash could leave, each workload, both persistence models; failures must be 0"
"$bin/log-crash-harness" explore

bash .ci/full-disk.sh "$bin/log-crash-harness"
