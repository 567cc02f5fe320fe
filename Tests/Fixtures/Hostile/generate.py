#!/usr/bin/env python3
"""Writes the hostile-input corpus next to this script (see README.md for what each is).

Run it again after changing it: `python3 Tests/Fixtures/Hostile/generate.py`. The files are
committed; HostileInputTests reads them and holds what each must produce. Binary content
(invalid UTF-8, NUL, BOM, CR) is why they are generated rather than typed. The large cases
(a line of megabytes, a directory, a dangling link) are made by the test in a temporary
directory instead, to keep the committed corpus small.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def line(seq, data=b'{"night":"2026-11-30"}', type_=b"exitRequested", extra=b"", seq_text=None, id_=None):
    """A valid exitRequested line (the same as RawLine.valid in the tests), without its \\n."""
    seq_text = seq_text if seq_text is not None else str(seq).encode()
    id_ = id_ if id_ is not None else b"id-" + str(seq).encode()
    return (b'{"seq":' + seq_text + b',"id":"' + id_ + b'","type":"' + type_ + b'","v":1,'
            b'"at":"2026-11-30T21:40:00+01:00","tz":"Europe/Berlin","source":"phone"' + extra +
            b',"data":' + data + b'}')


def lines(*items):
    return b"".join(item + b"\n" for item in items)


GOAL = b'{"currentBedtime":"00:00","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30"}'

files = {
    # Truncation
    "truncated-line.jsonl": lines(line(1), line(2)[:57], line(3)),
    "torn-tail.jsonl": lines(line(1), line(2)) + line(3)[:40],
    "unterminated-string.jsonl": lines(line(1), b'{"seq":2,"id":"id-2'),
    # Encoding
    "invalid-utf8.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30","note":"caf\xe9"}'), line(3)),
    "invalid-utf8-outside-string.jsonl": lines(line(1), line(2).replace(b'"v":1', b'"v":1\xff'), line(3)),
    "overlong-utf8.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30","note":"\xc0\xaf"}'), line(3)),
    "lone-surrogate-escape.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30","note":"\\ud800"}'), line(3)),
    "raw-control-character.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30","note":"a\tb"}'), line(3)),
    "nul-byte.jsonl": lines(line(1), line(2).replace(b"phone", b"ph\x00one"), line(3)),
    "nul-line.jsonl": lines(line(1), b"\x00" * 16, line(3)),
    "bom.jsonl": b"\xef\xbb\xbf" + lines(line(1), line(2), line(3)),
    "bom-mid-file.jsonl": lines(line(1), b"\xef\xbb\xbf" + line(2), line(3)),
    "utf16.jsonl": "\n".join(l.decode() for l in [line(1), line(2)]).encode("utf-16-le") + b"\n\x00",
    "crlf.jsonl": b"".join(l + b"\r\n" for l in [line(1), line(2), line(3)]),
    "crlf-one-line.jsonl": lines(line(1), line(2) + b"\r", line(3)),
    "cr-only.jsonl": b"\r".join([line(1), line(2), line(3)]) + b"\n",
    # Structure
    "deeply-nested-payload.jsonl": lines(
        line(1), line(2, data=b'{"night":"2026-11-30","x":' + b"[" * 1000 + b"]" * 1000 + b"}"), line(3)),
    "deeply-nested-objects.jsonl": lines(
        line(1), line(2, data=b'{"night":"2026-11-30","x":' + b'{"a":' * 600 + b"1" + b"}" * 600 + b"}"), line(3)),
    "unclosed-nesting.jsonl": lines(line(1), b'{"seq":2,"data":' + b"[" * 1000, line(3)),
    "trailing-comma-envelope.jsonl": lines(line(1), line(2)[:-1] + b",}", line(3)),
    "trailing-comma-data.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30",}'), line(3)),
    "trailing-comma-batch.jsonl": lines(line(1), line(2, extra=b',"batch":[1,2,]'), line(3, extra=b',"batch":[2,2]')),
    "blank-line.jsonl": lines(line(1), b"", line(3)),
    "whitespace-line.jsonl": lines(line(1), b"   \t ", line(3)),
    "not-an-object.jsonl": lines(line(1), b"[1,2,3]", b"42", b"null", line(5)),
    "two-objects-on-a-line.jsonl": lines(line(1), line(2) + line(3), line(4)),
    "garbage.jsonl": lines(line(1), bytes(range(1, 10)) + bytes(range(14, 256)), line(3)),
    # Keys and types
    "duplicate-envelope-key.jsonl": lines(line(1), line(2).replace(b'"seq":2,', b'"seq":2,"seq":2,'), line(3)),
    "duplicate-data-key.jsonl": lines(line(1), line(2, data=b'{"night":"2026-11-30","night":"2026-11-30"}'), line(3)),
    "wrong-types.jsonl": lines(
        line(1),
        line(2, seq_text=b'"2"'),
        line(3).replace(b'"id":"id-3"', b'"id":["id-3"]'),
        line(4).replace(b'"type":"exitRequested"', b'"type":7'),
        line(5).replace(b'"v":1', b'"v":true'),
        line(6).replace(b'"at":"2026-11-30T21:40:00+01:00"', b'"at":1764535200'),
        line(7).replace(b'"tz":"Europe/Berlin"', b'"tz":null'),
        line(8).replace(b'"source":"phone"', b'"source":{}'),
        line(9, data=b'"night"'),
        line(10, data=b'{"night":20261130}'),
        line(11),
    ),
    "missing-keys.jsonl": lines(line(1), b"{}", b'{"seq":3}', line(4)),
    "huge-seq.jsonl": lines(line(1), line(2, seq_text=b"9" * 400), line(3)),
    "huge-exponent-seq.jsonl": lines(line(1), line(2, seq_text=b"2e999999999"), line(3)),
    "huge-payload-number.jsonl": lines(
        line(1), line(2, type_=b"goalSet", data=GOAL.replace(b'"days":7', b'"days":1' + b"0" * 400)), line(3)),
    "huge-exponent-payload-number.jsonl": lines(
        line(1), line(2, type_=b"goalSet", data=GOAL.replace(b'"days":7', b'"days":7e999999999999')), line(3)),
    "negative-zero-seq.jsonl": lines(line(1), line(2, seq_text=b"-0"), line(3)),
    "seq-overflow.jsonl": lines(line(1), line(2, seq_text=b"9223372036854775807"), line(3, seq_text=b"9223372036854775808")),
    # Not logs at all: files that end without a newline and never held an event line. Their
    # end is not a torn tail, so repair leaves them as they are.
    "not-a-log-json-array.jsonl": b'[{"a":1}]',
    "not-a-log-one-json-line.jsonl": b'{"event":"open","at":1}',
    "not-a-log-json-lines.jsonl": b'{"event":"open","at":1}\n{"event":"close","at":2}',
    "not-a-log-csv.jsonl": b"night,bedtime\n2026-11-30,23:45",
    "not-a-log-binary.jsonl": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
    "not-a-log-zeros.jsonl": b"data\x00\x00\x00\x00\nmore",
    # Sound, though odd: read in full (each line read, nothing reported).
    "sound-empty.jsonl": b"",
    "sound-unknown-fields.jsonl": lines(
        line(1, extra=b',"future":{"a":[1,2,{"b":null}]}'),
        line(2, data=b'{"night":"2026-11-30","x":' + b"[" * 400 + b"]" * 400 + b',"big":' + b"9" * 400 + b"}")),
}


def main():
    total = 0
    for name, content in sorted(files.items()):
        with open(os.path.join(HERE, name), "wb") as handle:
            handle.write(content)
        total += len(content)
    print(f"{len(files)} files, {total} bytes")


if __name__ == "__main__":
    main()
