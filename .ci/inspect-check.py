#!/usr/bin/env python3
"""The inspector page (`replay-tool inspect --html`) in a real headless Chromium, driven by
Selenium and chromedriver, used as a person uses it.

    python3 .ci/inspect-check.py REPLAY_TOOL LOG [LOG ...]

For each log it writes the page of the log's last 7 nights, then:
- clicks every event of the page, and checks that the change shown is, line for line, what
  `replay-tool diff LOG --seq N` prints for that event (the step's title, the instant and
  nights compared, each field, the count and the cause chain);
- filters by each event type, each device and each night, and checks that the table shows
  exactly the events of that type, device or night (read from the log itself) and that the
  timeline shows a mark for each;
- steps with the arrow keys (down, right, up, left) and checks the selection and the link;
- opens PAGE#KEY for an event and checks that it is the one selected;
- fails on any message in the browser's console;
- at 390 and 1280 CSS px, light and dark: no text below 11 px, no sideways scrolling, and a
  full-page screenshot (NAME-390-dark.png, …) in INSPECT_SCREENSHOT_DIR (default
  .build/inspect-screenshots).

Exit 0 when every check passed, 1 when one failed (each failure printed), 2 when the page
could not be made or the browser not started.
"""
import json
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

failures = []


def say(text):
    print("inspect-check: " + text, flush=True)


def check(condition, text):
    if not condition:
        failures.append(text)
        say("FAIL: " + text)
    return condition


def night_of(at):
    """The noon-to-noon night of an RFC 3339 instant, on the clock of its own offset."""
    from datetime import datetime, timedelta
    local = datetime.fromisoformat(at.replace("Z", "+00:00"))
    day = local.date() if local.hour >= 12 else local.date() - timedelta(days=1)
    return day.isoformat()


def cli_diff(tool, log, key):
    """`replay-tool diff LOG --seq KEY`: (title, compared-line, [field lines], count line, causes)."""
    run = subprocess.run([tool, "diff", log, "--seq", key], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"diff {log} --seq {key} exited {run.returncode}: {run.stderr}")
    lines = run.stdout.rstrip("\n").split("\n")
    causes = []
    if lines[-1].startswith("caused by: "):
        causes = lines.pop()[len("caused by: "):].split(" ← ")
    title, notes, rest = lines[0], [l.strip() for l in lines[1:] if l.startswith("  ")], [l for l in lines[1:] if not l.startswith("  ")]
    return title, notes, rest[:-1], rest[-1], causes


def driver_for(width):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-extensions",
                     "--host-resolver-rules=MAP * ~NOTFOUND", f"--window-size={width},1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    chromium = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)), None)
    if chromium:
        options.binary_location = chromium
    driver_path = next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(p)), "chromedriver")
    return webdriver.Chrome(service=Service(executable_path=driver_path), options=options)


def console_messages(driver):
    return [entry["message"] for entry in driver.get_log("browser")]


def detail_lines(driver):
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#diff li")]


def prove_detection(tool, log, page, work):
    """The comparison can fail: a copy of the page whose first changing step lost a field
    must show another change than `diff --seq` prints."""
    text = open(page, encoding="utf-8").read()
    start = text.index('<script type="application/json" id="inspect-data">') + len('<script type="application/json" id="inspect-data">')
    end = text.index("</script>", start)
    data = json.loads(text[start:end])
    index, step = next((i, s) for i, s in enumerate(data["steps"]) if s["differences"])
    step["differences"].pop()
    tampered = os.path.join(work, "tampered.html")
    with open(tampered, "w", encoding="utf-8") as file:
        file.write(text[:start] + json.dumps(data).replace("<", "\\u003c") + text[end:])
    event = next(i for i, e in enumerate(data["events"]) if e["step"] == index)
    driver = driver_for(1280)
    try:
        driver.get("file://" + tampered)
        driver.find_element(By.CSS_SELECTOR, f'#event-rows tr[data-index="{event}"]').click()
        _, _, fields, _, _ = cli_diff(tool, log, data["events"][event]["key"])
        return detail_lines(driver) != fields
    finally:
        driver.quit()


def check_page(tool, log, page, shots, name):
    events = [json.loads(line) for line in open(log, encoding="utf-8") if line.strip()] if os.path.isfile(log) else None
    driver = driver_for(1280)
    try:
        url = "file://" + page
        driver.get(url)
        check(not console_messages(driver), f"{name}: console messages on load: {console_messages(driver)}")
        data = json.loads(driver.find_element(By.ID, "inspect-data").get_attribute("textContent"))
        shown = data["events"]
        say(f"{name}: the page holds {len(shown)} events in {len(data['steps'])} steps, nights {data['nights'][0]} to {data['nights'][-1]}")

        # Every event: click its row, compare with the command line.
        rows = driver.find_elements(By.CSS_SELECTOR, "#event-rows tr")
        check(len(rows) == len(shown), f"{name}: {len(rows)} rows for {len(shown)} events")
        compared = 0
        for index, event in enumerate(shown):
            row = driver.find_element(By.CSS_SELECTOR, f'#event-rows tr[data-index="{index}"]')
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
            row.click()
            title, notes, fields, count, causes = cli_diff(tool, log, event["key"])
            step = data["steps"][event["step"]]
            heading = driver.find_element(By.CSS_SELECTOR, "#detail h2").text
            check(heading == f"{event['place']}: {event['type']}", f"{name} {event['key']}: heading {heading!r}")
            check(step["title"] == title, f"{name} {event['key']}: step {step['title']!r}, diff says {title!r}")
            page_fields = detail_lines(driver)
            check(page_fields == fields, f"{name} {event['key']}: the page shows {page_fields}, diff --seq prints {fields}")
            hints = [p.text for p in driver.find_elements(By.CSS_SELECTOR, "#detail p.hint")]
            compared_note = next((n for n in notes if n.startswith("compared as of")), None)
            check(any(h.lower().rstrip(".") == (compared_note or "").lower() for h in hints),
                  f"{name} {event['key']}: the page's hints {hints} lack diff's {compared_note!r}")
            page_count = driver.find_element(By.CSS_SELECTOR, "#detail p.count").text
            check(page_count.lower().rstrip(".") == count.lower().rstrip("."), f"{name} {event['key']}: count {page_count!r} vs {count!r}")
            page_causes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#causes li")]
            check(page_causes == causes, f"{name} {event['key']}: causes {page_causes} vs {causes}")
            check(driver.execute_script("return location.hash") == "#" + event["key"].replace(":", "%3A"),
                  f"{name} {event['key']}: the link is {driver.execute_script('return location.hash')}")
            compared += 1
        say(f"ok: {name}: {compared} events clicked, each change equal to 'replay-tool diff --seq'")

        # Filters: by type, device and night, each against the log itself.
        for select_id, field in (("filter-type", "type"), ("filter-device", "device"), ("filter-night", "night")):
            select = Select(driver.find_element(By.ID, select_id))
            values = [o.get_attribute("value") for o in select.options if o.get_attribute("value")]
            for value in values:
                select.select_by_value(value)
                listed = [r.get_attribute("data-index") for r in driver.find_elements(By.CSS_SELECTOR, "#event-rows tr")]
                expected = [str(i) for i, e in enumerate(shown) if e[field] == value]
                check(listed == expected, f"{name}: filter {field}={value} lists {len(listed)} rows, expected {len(expected)}")
                marks = driver.find_elements(By.CSS_SELECTOR, "#timeline .mark")
                check(len(marks) == len(expected), f"{name}: filter {field}={value} shows {len(marks)} marks for {len(expected)} events")
                if events is not None and field == "type":
                    from_log = [e for e in events if e["type"] == value and data["nights"][0] <= night_of(e["at"]) <= data["nights"][-1]]
                    check(len(from_log) == len(expected), f"{name}: the log holds {len(from_log)} {value} events in the range, the page {len(expected)}")
            select.select_by_value("")
        say(f"ok: {name}: every type, device and night filter lists exactly its events")

        # The keyboard: from the first event, down/right forward, up/left back.
        driver.find_element(By.CSS_SELECTOR, '#event-rows tr[data-index="0"]').click()
        body = driver.find_element(By.TAG_NAME, "body")
        for key, expected in ((Keys.ARROW_DOWN, 1), (Keys.ARROW_RIGHT, 2), (Keys.ARROW_UP, 1), (Keys.ARROW_LEFT, 0)):
            body.send_keys(key)
            current = driver.find_elements(By.CSS_SELECTOR, "#event-rows tr.current")
            index = current[0].get_attribute("data-index") if current else None
            check(index == str(expected), f"{name}: after {key!r} the selected row is {index}, expected {expected}")
            heading = driver.find_element(By.CSS_SELECTOR, "#detail h2").text
            check(heading.startswith(shown[expected]["place"] + ":"), f"{name}: after a key the detail shows {heading!r}")
        say(f"ok: {name}: the arrow keys step through the events")

        # A link to an event opens with it selected.
        target = shown[len(shown) // 2]
        driver.get(url + "#" + target["key"])
        driver.refresh()
        heading = driver.find_element(By.CSS_SELECTOR, "#detail h2").text
        check(heading == f"{target['place']}: {target['type']}", f"{name}: PAGE#{target['key']} opened with {heading!r}")
        say(f"ok: {name}: PAGE#{target['key']} opens with that event selected")
        check(not console_messages(driver), f"{name}: console messages: {console_messages(driver)}")
    finally:
        driver.quit()

    # Widths and schemes: text size, no sideways scrolling, screenshots.
    for width in (390, 1280):
        for scheme in ("light", "dark"):
            driver = driver_for(width)
            try:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get("file://" + page + "#" + shown[min(5, len(shown) - 1)]["key"])
                seen = driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'")
                check(seen == scheme, f"{name}: asked for {scheme}, the page sees {seen}")
                smallest = driver.execute_script("""
                    let min = 1e9, at = '';
                    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                    while (walker.nextNode()) {
                      const node = walker.currentNode, parent = node.parentElement;
                      if (!node.textContent.trim() || !parent || parent.closest('script, style, option')) continue;
                      const size = parseFloat(getComputedStyle(parent).fontSize);
                      if (parent.getClientRects().length && size < min) { min = size; at = parent.tagName + ' ' + node.textContent.trim().slice(0, 30); }
                    }
                    return [min, at];""")
                check(smallest[0] >= 11, f"{name} at {width} px ({scheme}): text of {smallest[0]} px ({smallest[1]})")
                scroll = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                check(scroll[0] <= scroll[1], f"{name} at {width} px ({scheme}): the page scrolls sideways ({scroll[0]} > {scroll[1]})")
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(width, min(height + 140, 12000))
                shot = os.path.join(shots, f"{name}-{width}-{scheme}.png")
                driver.save_screenshot(shot)
                check(not console_messages(driver), f"{name} at {width} px ({scheme}): console messages")
                say(f"ok: {name} at {width} px ({scheme}): smallest text {smallest[0]} px, no sideways scroll; {shot}")
            finally:
                driver.quit()


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    tool, logs = sys.argv[1], sys.argv[2:]
    shots = os.path.abspath(os.environ.get("INSPECT_SCREENSHOT_DIR", ".build/inspect-screenshots"))
    os.makedirs(shots, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for log in logs:
            name = os.path.splitext(os.path.basename(log.rstrip("/")))[0]
            page = os.path.join(work, name + ".html")
            made = subprocess.run([tool, "inspect", log, "--html", page], capture_output=True, text=True)
            if made.returncode != 0 or not os.path.exists(page):
                say(f"FAIL: replay-tool inspect {log} exited {made.returncode}: {made.stderr}")
                return 2
            if not prove_detection(tool, log, page, work):
                say(f"FAIL: proof: a page that lost a field of a change was not caught ({name})")
                return 1
            say(f"proof: a page that lost a field of a change is caught ({name})")
            check_page(tool, log, page, shots, name)
    if failures:
        say(f"{len(failures)} check(s) failed")
        return 1
    say("every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
