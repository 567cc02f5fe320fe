#!/usr/bin/env bash
# The inspector page (`replay-tool inspect --html`) in headless Chromium driven by Selenium
# and chromedriver (.ci/inspect-check.py says what is checked). Installs Debian's chromium,
# chromium-driver and python3-selenium when they are missing.
#
#   REPLAY_TOOL=PATH bash .ci/inspect-check.sh [LOG …]
#
# Without a log it checks the bundled sample week and fortnight, and a simulated log set. Screenshots go to
# INSPECT_SCREENSHOT_DIR (default .build/inspect-screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'inspect-check: %s\n' "$*"; }

python=/usr/bin/python3
have() {
    command -v chromium >/dev/null 2>&1 && [ -x /usr/bin/chromedriver ] && "$python" -c 'import selenium' >/dev/null 2>&1
}
if ! have && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    say "installing Debian's chromium, chromium-driver and python3-selenium"
    log=$(mktemp)
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver python3-selenium; } >"$log" 2>&1 || tail -n 5 "$log"
    rm -f "$log"
fi
if ! have; then
    say "FAIL: Chromium, chromedriver and Selenium could not be installed"
    exit 2
fi

tool=${REPLAY_TOOL:-}
if [ -z "$tool" ]; then
    swift build -c release --product replay-tool -j 2 >/dev/null
    tool="$(swift build -c release --show-bin-path)/replay-tool"
fi
if [ $# -eq 0 ]; then
    # The bundled logs, and a simulated log set (a lane per device stream, STREAM:SEQ links).
    sets=$(mktemp -d)
    trap 'rm -rf "$sets"' EXIT
    "$tool" simulate --nights 9 --seed 3 --devices phone,watch --out "$sets/phone-and-watch" >/dev/null
    set -- Tests/Fixtures/SampleWeek/sample-week.jsonl Tests/Fixtures/Fortnight/fortnight.jsonl "$sets/phone-and-watch"
fi
"$python" .ci/inspect-check.py "$tool" "$@"
