#!/usr/bin/env bash
# Renders the report page of `replay-tool report --html` in headless Chromium, fails on any
# console message (an SVG attribute error such as `Error: <path> attribute d: Expected
# number, "M NaN…"`, a script error, …), and saves a full-page screenshot of each page in
# the dark and in the light colour scheme.
#
#   bash .ci/browser-check.sh [HTML-FILE …]
#
# Each page is also measured in frames 360 and 390 CSS px wide (phones): the check fails
# when a chart's text is below 11 px there or a chart has to scroll sideways, and saves
# NAME-phone-dark.png and NAME-phone-light.png at 390 px.
#
# Without a file it builds replay-tool (release) and writes the pages of the bundled sample
# week and fortnight. Environment:
#   REPORT_SCREENSHOT_DIR  where the screenshots go (default .build/report-screenshots):
#                          NAME-dark.png and NAME-light.png for each NAME.html, and the
#                          pages themselves when the script made them
#   REPORT_WINDOW_WIDTH    the window width in CSS pixels (default 1100)
#   REPLAY_TOOL            a built replay-tool to use instead of building one
#   SWIFT_SCRATCH_PATH     a build folder for `swift build` (default: SwiftPM's own)
#
# How console errors are caught: Chromium run with `--enable-logging=stderr --v=0` writes
# every console message of the page (errors, warnings, SVG attribute errors, uncaught
# exceptions) as a `…:INFO:CONSOLE…` line on its standard error. The page has no script,
# so it must log nothing at all: any such line fails the check. Before checking, the script
# proves the detection on a deliberately broken page (a path with `d="M NaN 0"`), and that
# the colour-scheme switch (`--blink-settings=preferredColorScheme=0|1`) really reaches the
# page's `prefers-color-scheme`; if either proof fails, so does the check.
#
# Exit: 0 pages clean (or no browser could be installed: "skipped: …"), 1 a console message
# or a failed proof, 2 the page could not be made or rendered.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
shots=${REPORT_SCREENSHOT_DIR:-.build/report-screenshots}
width=${REPORT_WINDOW_WIDTH:-1100}
work=$(mktemp -d "${TMPDIR:-/tmp}/browser-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

say() { printf 'browser-check: %s\n' "$*"; }

# --- A browser --------------------------------------------------------------------------

find_browser() {
    local name
    for name in chromium chromium-browser google-chrome-stable google-chrome; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    return 1
}

browser=$(find_browser || true)
if [ -z "$browser" ] && [ -f /tmp/chromium-install.log ]; then
    # An install started by the machine's setup may still be running: wait for its "done".
    for _ in $(seq 1 120); do
        tail -n 1 /tmp/chromium-install.log 2>/dev/null | grep -q '^done' && break
        sleep 5
    done
    browser=$(find_browser || true)
fi
if [ -z "$browser" ] && command -v apt-get >/dev/null 2>&1; then
    say "no Chromium found; installing Debian's chromium package"
    if [ "$(id -u)" = 0 ]; then
        { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } >"$work/apt.log" 2>&1 || true
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        { sudo -n apt-get update -q && sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } >"$work/apt.log" 2>&1 || true
    fi
    browser=$(find_browser || true)
    [ -n "$browser" ] || tail -n 5 "$work/apt.log" 2>/dev/null || true
fi
if [ -z "$browser" ]; then
    say "skipped: no browser could be installed (no chromium on PATH, and apt-get could not install it)"
    exit 0
fi
say "using $("$browser" --version 2>/dev/null | head -n 1) ($browser)"

sandbox=()
# Chromium's sandbox refuses to run as root (CI runs as root).
[ "$(id -u)" = 0 ] && sandbox=(--no-sandbox)

# render SCHEME(dark|light) FILE LOG [extra chromium arguments…]: loads FILE headless,
# Chromium's log (console messages included) in LOG.
render() {
    local scheme=$1 file=$2 log=$3
    shift 3
    local value=0
    [ "$scheme" = light ] && value=1
    local profile
    profile=$(mktemp -d "$work/profile.XXXXXX")
    timeout 120 "$browser" --headless "${sandbox[@]}" --disable-gpu --no-first-run --no-default-browser-check \
        --disable-extensions --disable-background-networking --hide-scrollbars --mute-audio \
        --user-data-dir="$profile" --host-resolver-rules="MAP * ~NOTFOUND" \
        --enable-logging=stderr --v=0 \
        --blink-settings=preferredColorScheme=$value \
        "$@" "file://$file" >"$log.out" 2>"$log"
}

# console LOG: the console messages Chromium logged (one a line), if any.
console() {
    grep -E ':CONSOLE[(:]' "$1" || true
}

# --- Proofs: the detection works, the scheme switch works ---------------------------------

cat >"$work/probe.html" <<'EOF'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><title>probe</title></head>
<body><svg width="10" height="10" role="img"><title>broken</title><path d="M NaN 0 L 10 10" /></svg>
<script>console.log("scheme:" + (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));</script>
</body></html>
EOF
for scheme in dark light; do
    if ! render "$scheme" "$work/probe.html" "$work/probe-$scheme.log" --dump-dom; then
        say "FAIL: Chromium could not render the probe page ($scheme); its log:"
        tail -n 20 "$work/probe-$scheme.log"
        exit 2
    fi
    messages=$(console "$work/probe-$scheme.log")
    if ! grep -q 'attribute d: Expected number' <<<"$messages"; then
        say "FAIL: the SVG error of the deliberately broken probe page was not detected; console detection does not work with this Chromium:"
        tail -n 20 "$work/probe-$scheme.log"
        exit 1
    fi
    if ! grep -q "scheme:$scheme" <<<"$messages"; then
        say "FAIL: asked for the $scheme scheme, the probe page saw: $(grep -o 'scheme:[a-z]*' <<<"$messages" || echo nothing)"
        exit 1
    fi
done
say "proof: a broken page's SVG error is detected, and both colour schemes reach the page"

# --- The pages ----------------------------------------------------------------------------

pages=()
if [ $# -gt 0 ]; then
    for page in "$@"; do
        [ -f "$page" ] || { say "FAIL: no such file: $page"; exit 2; }
        pages+=("$(cd "$(dirname "$page")" && pwd)/$(basename "$page")")
    done
else
    tool=${REPLAY_TOOL:-}
    if [ -z "$tool" ]; then
        scratch=()
        [ -n "${SWIFT_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SWIFT_SCRATCH_PATH")
        say "building replay-tool (release)"
        swift build -c release "${scratch[@]}" --product replay-tool >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log"; exit 2; }
        tool="$(swift build -c release "${scratch[@]}" --show-bin-path)/replay-tool"
    fi
    for log in Tests/Fixtures/SampleWeek/sample-week.jsonl Tests/Fixtures/Fortnight/fortnight.jsonl; do
        name=$(basename "$log" .jsonl)
        if ! "$tool" report "$log" --html "$work/$name.html" >"$work/$name.txt" 2>&1; then
            say "FAIL: replay-tool report $log --html did not succeed:"
            tail -n 20 "$work/$name.txt"
            exit 2
        fi
        pages+=("$work/$name.html")
    done
fi

mkdir -p "$shots"
# Keep the pages made here beside their screenshots.
[ $# -gt 0 ] || cp "${pages[@]}" "$shots/"
failed=0
for page in "${pages[@]}"; do
    name=$(basename "$page" .html)
    # Also refuse anything that would reach outside the page.
    if grep -nE '(src|href)="?(https?:)?//|url\((["'"'"']?)(https?:|//|file:)' "$page" >"$work/outside.txt"; then
        say "FAIL: $name refers outside the page:"
        head -n 5 "$work/outside.txt"
        failed=1
    fi
    # On phones (360 and 390 CSS px wide): every chart's text at 11 px or more, and no
    # chart scrolling sideways. A host page holds the page in frames of those widths (no
    # scrollbar takes room, as on a phone) and logs, for each, the smallest text (its
    # font size × the chart's on-screen scale), the charts whose frame scrolls, and the
    # page's height there.
    cp "$page" "$work/$name-framed.html"
    cat >"$work/$name-phone.html" <<EOF
<!DOCTYPE html><html><body><script>
for (const w of [360, 390]) {
  const f = document.createElement("iframe"); f.width = w; f.height = 900; f.src = "$name-framed.html";
  f.onload = () => {
    const d = f.contentDocument, win = f.contentWindow;
    let min = 1e9, at = "none", scrolling = [];
    for (const t of d.querySelectorAll("svg text")) {
      const m = t.getScreenCTM(), size = parseFloat(win.getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (size < min) { min = size; at = t.closest("svg").id + " '" + t.textContent + "'"; }
    }
    for (const frame of d.querySelectorAll(".chart-frame")) if (frame.scrollWidth > frame.clientWidth) scrolling.push(frame.firstElementChild.id);
    console.log("phone:" + w + ":" + min.toFixed(2) + ":" + (scrolling.join(",") || "-") + ":" + d.documentElement.scrollHeight + ":" + at);
  };
  document.body.appendChild(f);
}
</script></body></html>
EOF
    phone_height=3000
    if render dark "$work/$name-phone.html" "$work/$name-phone.log" --dump-dom --window-size=1200,1000 --allow-file-access-from-files --virtual-time-budget=5000; then
        results=$(grep -o 'phone:[^"]*' "$work/$name-phone.log" || true)
        if [ "$(grep -c '^phone:' <<<"$results")" -ne 2 ]; then
            say "FAIL: $name: the phone-width measurement did not report; its log:"
            tail -n 10 "$work/$name-phone.log"
            failed=1
        fi
        while IFS=: read -r _ phone smallest scrolling tall at; do
            [ -n "$phone" ] || continue
            if awk -v s="$smallest" 'BEGIN { exit !(s < 11) }' || [ "$scrolling" != "-" ]; then
                say "FAIL: $name at $phone px: smallest chart text $smallest px ($at), charts scrolling sideways: $scrolling"
                failed=1
            else
                say "ok: $name at $phone px: chart text $smallest px or more ($at), no chart scrolls sideways"
            fi
            [ "$phone" = 390 ] && phone_height=$(( tall < 16000 ? tall : 16000 ))
        done <<<"$results"
    else
        say "FAIL: Chromium could not render $name in phone-width frames; its log:"
        tail -n 10 "$work/$name-phone.log"
        failed=1
    fi
    for scheme in dark light; do
        if render "$scheme" "$page" "$work/$name-phone-$scheme.log" --window-size="390,$phone_height" --screenshot="$(cd "$shots" && pwd)/$name-phone-$scheme.png"; then
            say "ok: $name ($scheme) at 390 px: screenshot $shots/$name-phone-$scheme.png (390x$phone_height)"
        else
            say "FAIL: Chromium could not render $name ($scheme) at 390 px"
            failed=1
        fi
    done
    # The full height of the page: a copy that logs it (only the copy has a script).
    sed 's#</body>#<script>console.log("page-height:" + document.documentElement.scrollHeight)</script></body>#' "$page" >"$work/$name-measure.html"
    height=1600
    if render dark "$work/$name-measure.html" "$work/$name-measure.log" --dump-dom --window-size="$width,1000"; then
        measured=$(grep -o 'page-height:[0-9]*' "$work/$name-measure.log" | head -n 1 | cut -d: -f2 || true)
        [ -n "$measured" ] && height=$(( measured < 16000 ? measured : 16000 ))
    fi
    for scheme in dark light; do
        shot="$shots/$name-$scheme.png"
        rm -f "$shot"
        if ! render "$scheme" "$page" "$work/$name-$scheme.log" --window-size="$width,$height" --screenshot="$(cd "$shots" && pwd)/$name-$scheme.png"; then
            say "FAIL: Chromium could not render $name ($scheme); its log:"
            tail -n 20 "$work/$name-$scheme.log"
            failed=1
            continue
        fi
        messages=$(console "$work/$name-$scheme.log")
        if [ -n "$messages" ]; then
            say "FAIL: $name ($scheme) logged to the console:"
            printf '%s\n' "$messages"
            failed=1
        elif [ ! -s "$shot" ]; then
            say "FAIL: no screenshot of $name ($scheme)"
            failed=1
        else
            say "ok: $name ($scheme): no console message; screenshot $shot (${width}x$height)"
        fi
    done
done
exit $failed
