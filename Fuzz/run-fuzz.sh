#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (-sanitize=fuzzer, plus AddressSanitizer) and runs
# each for a bounded time from its seed corpus (Fuzz/Corpus/<target>). Exits 1 if any target
# crashes, traps, leaks past its limits or times out, printing where the input was written;
# save such an input under Tests/Fixtures/Hostile/fuzz-crashes/ (see the README there).
#
# Usage: Fuzz/run-fuzz.sh [SECONDS_PER_TARGET]   (default 30)
# Environment: FUZZ_BUILD_DIR (scratch path, default Fuzz/.build),
#              FUZZ_WORK_DIR (working corpora and crash artifacts, default a new temp dir),
#              FUZZ_SANITIZERS (default fuzzer,address), FUZZ_TARGETS (default all three).
set -euo pipefail

seconds="${1:-30}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build_dir="${FUZZ_BUILD_DIR:-$here/.build}"
work_dir="${FUZZ_WORK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/moresleep-fuzz.XXXXXX")}"
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"
targets="${FUZZ_TARGETS:-FuzzEventLine:event-line FuzzFastDecoder:event-line FuzzAppendInput:append-input}"

echo "fuzz: building ($sanitizers) in $build_dir"
(cd "$here" && swift build --scratch-path "$build_dir" \
    -Xswiftc "-sanitize=$sanitizers" -Xswiftc -parse-as-library)
bin="$(cd "$here" && swift build --scratch-path "$build_dir" --show-bin-path \
    -Xswiftc "-sanitize=$sanitizers" -Xswiftc -parse-as-library)"

failed=0
for entry in $targets; do
    target="${entry%%:*}"
    corpus_name="${entry#*:}"
    corpus="$work_dir/corpus-$corpus_name"
    artifacts="$work_dir/crashes-$corpus_name"
    mkdir -p "$corpus" "$artifacts"
    # Work on a copy: new inputs libFuzzer finds must not land in the committed seeds.
    cp "$here/Corpus/$corpus_name/"* "$corpus/"
    echo "fuzz: $target for ${seconds}s (corpus $corpus)"
    set +e
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" "$bin/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -dict="$here/json.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        "$corpus" > "$work_dir/$target.log" 2>&1
    status=$?
    set -e
    tail -n 25 "$work_dir/$target.log"
    found="$(find "$artifacts" -type f | sort)"
    if [ "$status" -ne 0 ] || [ -n "$found" ]; then
        failed=1
        echo "fuzz: $target FAILED (exit $status); full log: $work_dir/$target.log" >&2
        for input in $found; do
            echo "fuzz: crashing input written to $input" >&2
            echo "      reproduce: $bin/$target $input" >&2
            echo "      keep it:   cp $input Tests/Fixtures/Hostile/fuzz-crashes/$target-$(basename "$input").jsonl" >&2
        done
    else
        echo "fuzz: $target: no crash in ${seconds}s"
    fi
done
exit "$failed"
