#!/usr/bin/env python3
"""Renders every message of every shipped locale with ICU itself, as the fixtures the tests
hold MoreSleep's own renderer against (Tests/ReplayToolKitTests/MessagesICUTests.swift).

    python3 Tests/Fixtures/Messages/make-fixtures.py [--replay-tool PATH]
    python3 Tests/Fixtures/Messages/make-fixtures.py --print-locale-data

Needs PyICU (Debian: apt-get install python3-icu; run it with /usr/bin/python3). The suite
does not need Python: only regenerating the fixtures does. It reads each locale's catalogue
from `replay-tool messages --json --locale L` (build the tool first: swift build), then for
each message renders a table of argument values with ICU's MessageFormat and writes
icu-<locale>.json beside this script:

    {"icu": "72.1", "locale": "ar", "messages": [{"id": …, "template": …,
      "cases": [{"arguments": ["n=1.5", …], "expected": "…"}]}]}

Arguments are written as `replay-tool messages render` takes them: numbers as numbers, dates
and times as RFC 3339 instants in UTC, durations in seconds, strings as they are.

ICU's own `duration` argument type is not this library's (it is ICU's spelled-out
"h:mm:ss"), so a `{name, duration}` argument is rendered here as this library defines it:
the locale's `duration.hoursMinutes`, `duration.hours` or `duration.minutes` message,
rendered by ICU with the hours and minutes, and placed into the message as a string.
Bidi isolation is not ICU's either: the fixtures are without it (the tests render with
--no-isolation, and pin the isolation on their own).
"""
import json
import os
import subprocess
import sys

import icu

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
LOCALES = ["en", "en-GB", "de", "ar", "ar-u-nu-latn"]

NUMBERS = ["0", "1", "2", "3", "11", "100", "101", "1.5", "22", "1234", "1000000"]
TIMES = ["1970-01-01T23:50:00Z", "1970-01-01T00:05:00Z", "1970-01-01T07:30:00Z", "1970-01-01T12:00:00Z", "1970-01-01T12:30:00Z", "1970-01-01T04:41:00Z"]
DATES = ["2026-11-30T12:00:00Z", "2027-01-01T12:00:00Z", "2028-02-29T12:00:00Z", "2026-03-29T12:00:00Z", "2026-10-25T12:00:00Z"]
DURATIONS = ["25140", "0", "60", "3600", "3660", "7200", "120", "90000"]
STRINGS = ["Screens off", "Bildschirme aus", "أطفئ الشاشات"]
TABLES = {"number": NUMBERS, "time": TIMES, "date": DATES, "duration": DURATIONS, "string": STRINGS}


def icu_locale(tag):
    return icu.Locale.forLanguageTag(tag)


def epoch_seconds(rfc3339):
    # Only the UTC instants above: YYYY-MM-DDTHH:MM:SSZ.
    from datetime import datetime, timezone
    moment = datetime.strptime(rfc3339, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    return moment.timestamp()


def formattable(kind, text):
    if kind == "number":
        return icu.Formattable(float(text)) if "." in text else icu.Formattable(int(text))
    if kind in ("time", "date"):
        return icu.Formattable(epoch_seconds(text), icu.Formattable.kIsDate)
    return icu.Formattable(text)


def render(template, tag, names, values):
    pattern = icu.MessageFormat(template, icu_locale(tag))
    return pattern.format(names, values)


def duration_text(seconds_text, tag, catalogue):
    seconds = int(seconds_text)
    minutes = (seconds + 30) // 60 if seconds >= 0 else -((-seconds + 30) // 60)
    minutes = abs(minutes)
    hours, rest = divmod(minutes, 60)
    if hours == 0:
        return render(catalogue["duration.minutes"], tag, ["minutes"], [icu.Formattable(rest)])
    if rest == 0:
        return render(catalogue["duration.hours"], tag, ["hours"], [icu.Formattable(hours)])
    return render(catalogue["duration.hoursMinutes"], tag, ["hours", "minutes"], [icu.Formattable(hours), icu.Formattable(rest)])


def catalogue_of(tool, tag):
    output = subprocess.run([tool, "messages", "--json", "--locale", tag], check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def fixtures(tool, tag):
    entries = catalogue_of(tool, tag)
    templates = {entry["id"]: entry["template"] for entry in entries}
    messages = []
    for entry in entries:
        arguments = entry["arguments"]
        count = max([len(TABLES[a["type"]]) for a in arguments], default=1)
        cases = []
        pattern = entry["template"]
        for argument in arguments:
            if argument["type"] == "duration":
                pattern = pattern.replace("{%s, duration}" % argument["name"], "{%s}" % argument["name"])
        for k in range(count):
            given, names, values = [], [], []
            for index, argument in enumerate(arguments):
                table = TABLES[argument["type"]]
                text = table[(k + index) % len(table)]
                given.append("%s=%s" % (argument["name"], text))
                names.append(argument["name"])
                if argument["type"] == "duration":
                    values.append(icu.Formattable(duration_text(text, tag, templates)))
                else:
                    values.append(formattable(argument["type"], text))
            cases.append({"arguments": given, "expected": render(pattern, tag, names, values)})
        messages.append({"id": entry["id"], "template": entry["template"], "cases": cases})
    return {"icu": icu.ICU_VERSION, "locale": tag, "messages": messages}


def print_locale_data():
    for tag in ["en", "en-GB", "de", "ar"]:
        locale = icu_locale(tag)
        generator = icu.DateTimePatternGenerator.createInstance(locale)
        symbols = icu.DateFormatSymbols(locale)
        print(tag)
        for skeleton in ["EEEEMMMMd", "MMMMd", "jmm"]:
            print("  %s: %r" % (skeleton, generator.getBestPattern(skeleton)))
        print("  weekdays:", symbols.getWeekdays()[1:])
        print("  months:", symbols.getMonths())
        print("  day periods:", symbols.getAmPmStrings())
        for numbers in ["latn", "arab"]:
            decimal = icu.DecimalFormatSymbols(icu.Locale.forLanguageTag(tag + "-u-nu-" + numbers))
            print("  %s: decimal %r group %r minus %r" % (
                numbers,
                decimal.getSymbol(icu.DecimalFormatSymbols.kDecimalSeparatorSymbol),
                decimal.getSymbol(icu.DecimalFormatSymbols.kGroupingSeparatorSymbol),
                decimal.getSymbol(icu.DecimalFormatSymbols.kMinusSignSymbol)))


def main(arguments):
    if arguments == ["--print-locale-data"]:
        print_locale_data()
        return 0
    tool = os.path.join(ROOT, ".build", "debug", "replay-tool")
    if len(arguments) == 2 and arguments[0] == "--replay-tool":
        tool = arguments[1]
    elif arguments:
        print(__doc__, file=sys.stderr)
        return 64
    # Times and dates are wall clocks: ICU formats them in UTC, as the instants are written.
    icu.TimeZone.setDefault(icu.TimeZone.createTimeZone("UTC"))
    for tag in LOCALES:
        data = fixtures(tool, tag)
        path = os.path.join(HERE, "icu-%s.json" % tag)
        with open(path, "w", encoding="utf-8") as file:
            json.dump(data, file, ensure_ascii=False, indent=1, sort_keys=False)
            file.write("\n")
        cases = sum(len(message["cases"]) for message in data["messages"])
        print("%s: %d messages, %d cases" % (path, len(data["messages"]), cases))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
