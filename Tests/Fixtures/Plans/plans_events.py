"""Shared helpers of the night-plan fixture scripts (make-*.py beside this file).

Each script prints events in the log format without seq, one a line, to standard output;
make-plans-fixtures.sh pipes each line through `replay-tool append`, one append an
event, as the app writes them, so the fixtures are written by the library's own code.
Deterministic: ids are UUID v5 of a per-fixture namespace and a counter; instants carry
the offset their zone had at that moment (zoneinfo), so daylight-saving changes are real.
"""
import json, uuid
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

NAMESPACE = uuid.UUID("2b7e1f0a-5c3d-4e8f-9a1b-7c6d5e4f3a2b")


def ts(dt):
    """RFC 3339 as the log writes it: milliseconds only when not zero, numeric offset."""
    text = dt.strftime("%Y-%m-%dT%H:%M:%S")
    if dt.microsecond:
        text += ".%03d" % (dt.microsecond // 1000)
    offset = int(dt.utcoffset().total_seconds()) // 60
    sign = "+" if offset >= 0 else "-"
    return text + "%s%02d:%02d" % (sign, abs(offset) // 60, abs(offset) % 60)


class Log:
    def __init__(self, name):
        self.name = name
        self.counter = 0
        self.events = []

    def local(self, zone, year, month, day, hour, minute, second=0, fold=0):
        """A wall-clock time in `zone` (fold=1: the second occurrence of an ambiguous time)."""
        return datetime(year, month, day, hour, minute, second, tzinfo=ZoneInfo(zone), fold=fold)

    def ev(self, type_, at, data, source="phone", caused=None):
        """Appends an event at the aware datetime `at`; its tz is the zone of `at`."""
        self.counter += 1
        event_id = str(uuid.uuid5(NAMESPACE, f"{self.name}-{self.counter}"))
        event = {"id": event_id, "type": type_, "v": 1, "at": ts(at), "tz": at.tzinfo.key, "source": source}
        if caused:
            event["causedBy"] = caused
        event["data"] = data
        self.events.append(event)
        return event_id

    def print(self):
        for event in self.events:
            print(json.dumps(event, separators=(",", ":"), ensure_ascii=False))


def plus(dt, **delta):
    """`dt` moved by an absolute duration (Python's aware arithmetic moves the wall clock
    instead, which is wrong across a daylight-saving change), shown in `dt`'s zone."""
    return (dt.astimezone(timezone.utc) + timedelta(**delta)).astimezone(dt.tzinfo)
