#!/usr/bin/env python3
"""Writes Sources/Projections/Evening/ScienceLibrary.swift from Scripts/science-facts.md.

Usage, from the package root:
    python3 Scripts/generate-science-library.py Scripts/science-facts.md > Sources/Projections/Evening/ScienceLibrary.swift

Python 3 standard library only. The output is deterministic (the same Markdown always gives
the same bytes). The output's first line records the SHA-256 of the Markdown it was made
from: ScienceLibraryTests fails when Scripts/science-facts.md no longer has that digest (the
data changed and the Swift file was not regenerated), and CI runs this script and compares
its output with the committed file. The tests never need Python. Any shape of the Markdown it does not understand stops it with a
message on stderr and exit status 1, rather than a guess.

What it reads:
- The table whose header starts with "| reminder |": one row per checked claim. The reminder
  cell is either template ids ("last_meal, stop_eating"), optionally with an aspect in
  parentheses ("last_meal (clock)"), or one of the named rows in NAMED_ROWS.
- The bullets under "Score references:".

How the studies cell becomes structured studies (all text is taken from the Markdown as
written; the only changes are splits):
- The cell is cut into sentences at ". " (never after "et al."), and a sentence into pieces at
  "; " where the next piece starts with "AUTHORS YEAR".
- "AUTHORS YEAR, JOURNAL: FINDING" is a study. A parenthesised design after the pages, as in
  "31:14 (review): heat …", is not part of the journal: it leads the finding
  ("review: heat …"). The sentence's final period is dropped from the finding.
- "AUTHORS YEAR above" / "AUTHORS YEAR (above)" is the study of that first author and year in
  an earlier row; "Same study as above" is the one study of the row above. A parenthesised
  aspect after such a reference ("(the book arm)", "(melatonin timing)") is dropped: the study
  and its finding are the same.
- Any other sentence is a note about the claim (the 18 °C figure's source, the debunked
  "68%" press release), kept whole, with its period.
- DOIs: a referenced study keeps its DOI (and the cell's copy of it is used up); the DOIs left
  go to the row's new studies in order; a new study with none left has no DOI.

Score bullets are "LABEL: BODY". A body is either "AUTHORS YEAR, JOURNAL (DESIGN): FINDING.
doi DOI." or "FINDING (DESIGN, AUTHORS YEAR, JOURNAL, doi DOI)." or a statement with no study.
The claim is "LABEL: FINDING."; the study's finding is "DESIGN: FINDING". The Markdown gives
score references no grade: SCORE_GRADES below grades them by Scripts/science-facts.md's own
definitions.
"""
import re
import hashlib
import sys
import unicodedata

# Rows of the table that are not reminders: the Swift name each becomes.
NAMED_ROWS = {
    "the plan itself": "plan",
    "the mindful exit": "mindfulExit",
}

# Grades of the score references, which Scripts/science-facts.md does not grade, by its definitions
# ("strong = replicated experiments or guideline level; moderate = controlled but small, or
# consistent observational; weak = a single observational study, a press release, expert
# opinion").
SCORE_GRADES = {
    # A meta-analysis of many studies (3,577 people): replicated.
    "Adult sleep stage norms": "strong",
    # The AASM/SRS consensus statement: guideline level.
    "Sleep need": "strong",
    # A peer product's design choice, not a study: below expert opinion at best.
    "Sleep debt weighting in a peer product": "weak",
}

GRADES = ("strong", "moderate", "weak")

NAME = r"[A-Z][\w'’\-]*"
AUTHORS = rf"{NAME}(?:(?:, | & ){NAME})*(?: et al\.)?"
FULL_STUDY = re.compile(
    rf"^(?P<authors>{AUTHORS}) (?P<year>\d{{4}}), (?P<journal>.+?)(?: \((?P<design>[^()]*)\))?: (?P<finding>.+)$"
)
REFERENCE = re.compile(rf"^(?P<authors>{AUTHORS}) (?P<year>\d{{4}}) (?:above|\(above\))(?: \([^()]*\))?$")
SAME_AS_ABOVE = re.compile(r"^Same study as above(?: \([^()]*\))?$")
SENTENCE_END = re.compile(r"(?<!et al)\.(?: +|$)")
PIECE_SPLIT = re.compile(rf"; (?={AUTHORS} \d{{4}}\b)")
DOI = re.compile(r"^10\.\d{4,9}/\S+$")
REMINDER_CELL = re.compile(r"^(?P<ids>[a-z_]+(?:, [a-z_]+)*)(?: \((?P<aspect>[a-z ]+)\))?$")
SCORE_INLINE = re.compile(
    rf"^(?P<authors>{AUTHORS}) (?P<year>\d{{4}}), (?P<journal>.+?)(?: \((?P<design>[^()]*)\))?: "
    r"(?P<finding>.+?)\. doi (?P<doi>10\.\S+?)\.$"
)
SCORE_PARENTHESISED = re.compile(
    rf"^(?P<finding>.+?) \((?P<design>[^,()]+), (?P<authors>{AUTHORS}) (?P<year>\d{{4}}), "
    r"(?P<journal>.+?), doi (?P<doi>10\.[^)\s]+)\)\.$"
)


class FormatError(Exception):
    pass


class Study:
    def __init__(self, authors, year, journal, finding, doi=None):
        self.authors, self.year, self.journal, self.finding, self.doi = authors, int(year), journal, finding, doi
        if not 1900 <= self.year <= 2030:
            raise FormatError(f"study {authors} {year}: implausible year")
        self.name = None

    @property
    def key(self):
        return (first_author(self.authors), self.year)


class Reference:
    def __init__(self, claim, studies, grade, note):
        self.claim, self.studies, self.grade, self.note = claim, studies, grade, note


def first_author(authors):
    return re.split(r", | & | et al\.", authors)[0]


def ascii_fold(text):
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def camel_case(words):
    words = [w for w in words if w]
    return words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])


def swift_string(text):
    if text is None:
        return "nil"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def design_finding(design, finding):
    return f"{design}: {finding}" if design else finding


def read_table(lines):
    start = next((i for i, line in enumerate(lines) if line.startswith("| reminder |")), None)
    if start is None:
        raise FormatError('no table whose header starts with "| reminder |"')
    header = [cell.strip() for cell in lines[start].strip().strip("|").split("|")]
    expected = ["reminder", "honest claim", "studies (authors, year, journal, finding)", "DOI", "grade"]
    if header != expected:
        raise FormatError(f"table header {header} is not {expected}")
    rows = []
    for number, line in enumerate(lines[start + 2:], start=start + 3):
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != len(expected):
            raise FormatError(f"line {number}: {len(cells)} cells, expected {len(expected)}")
        rows.append((number, cells))
    return rows


def parse_studies(number, cell, doi_cell, earlier, previous_row_studies):
    """The row's studies (new ones and references to earlier ones) and its note."""
    entries = []  # (study, is_new)
    notes = []
    sentences = [s for s in SENTENCE_END.split(cell) if s]
    for sentence in sentences:
        for piece in PIECE_SPLIT.split(sentence):
            if (match := FULL_STUDY.match(piece)):
                study = Study(match["authors"], match["year"], match["journal"],
                              design_finding(match["design"], match["finding"]))
                entries.append((study, True))
            elif (match := REFERENCE.match(piece)):
                key = (first_author(match["authors"]), int(match["year"]))
                if key not in earlier:
                    raise FormatError(f"line {number}: '{piece}' names no study of an earlier row")
                entries.append((earlier[key], False))
            elif SAME_AS_ABOVE.match(piece):
                if len(previous_row_studies) != 1:
                    raise FormatError(f"line {number}: 'Same study as above' but the row above has "
                                      f"{len(previous_row_studies)} studies")
                entries.append((previous_row_studies[0], False))
            elif entries and piece == sentence:
                notes.append(sentence + ".")
            else:
                raise FormatError(f"line {number}: cannot read '{piece}' as a study")
    dois = [d.strip() for d in doi_cell.split(";") if d.strip()]
    for doi in dois:
        if not DOI.match(doi):
            raise FormatError(f"line {number}: '{doi}' is not a DOI")
    for study, is_new in entries:
        if not is_new and study.doi in dois:
            dois.remove(study.doi)
    for study, is_new in entries:
        if is_new and dois:
            study.doi = dois.pop(0)
    if dois:
        raise FormatError(f"line {number}: DOIs {dois} belong to no study")
    return [study for study, _ in entries], (" ".join(notes) if notes else None)


def parse_reminder_rows(rows):
    earlier = {}
    previous_row_studies = []
    reminder_rows = []  # (swift name, ids, aspect, reference)
    named = {}
    for number, (subject, claim, studies_cell, doi_cell, grade) in rows:
        if grade not in GRADES:
            raise FormatError(f"line {number}: grade '{grade}' is not one of {GRADES}")
        studies, note = parse_studies(number, studies_cell, doi_cell, earlier, previous_row_studies)
        if not studies:
            raise FormatError(f"line {number}: no study")
        for study in studies:
            if study.key not in earlier:
                earlier[study.key] = study
            elif earlier[study.key] is not study:
                raise FormatError(f"line {number}: {study.key} is written out twice; refer to it as 'above'")
        previous_row_studies = studies
        reference = Reference(claim, studies, grade, note)
        if subject in NAMED_ROWS:
            named[NAMED_ROWS[subject]] = reference
        elif (match := REMINDER_CELL.match(subject)):
            ids = match["ids"].split(", ")
            aspect = match["aspect"]
            words = [w for i in ids for w in i.split("_")] + (aspect.split() if aspect else [])
            reminder_rows.append((camel_case(words), ids, aspect, reference))
        else:
            raise FormatError(f"line {number}: '{subject}' is neither reminder ids nor one of {sorted(NAMED_ROWS)}")
    missing = sorted(set(NAMED_ROWS.values()) - set(named))
    if missing:
        raise FormatError(f"no row for {missing}")
    return reminder_rows, named, list(earlier.values())


def read_score_bullets(lines):
    start = next((i for i, line in enumerate(lines) if line.strip() == "Score references:"), None)
    if start is None:
        raise FormatError('no "Score references:" list')
    bullets = []
    for line in lines[start + 1:]:
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif line.startswith((" ", "\t")) and line.strip() and bullets:
            bullets[-1] += " " + line.strip()
        elif not line.strip() and not bullets:
            continue
        else:
            break
    if not bullets:
        raise FormatError('"Score references:" has no bullets')
    return bullets


def parse_score_bullets(bullets, studies_so_far):
    references = []
    known = {study.key: study for study in studies_so_far}
    for bullet in bullets:
        label, separator, body = bullet.partition(": ")
        if not separator:
            raise FormatError(f"score bullet '{bullet}' has no 'LABEL: '")
        if label not in SCORE_GRADES:
            raise FormatError(f"score bullet '{label}' has no grade in SCORE_GRADES; grade it there")
        match = SCORE_INLINE.match(body) or SCORE_PARENTHESISED.match(body)
        if match:
            if not DOI.match(match["doi"]):
                raise FormatError(f"score bullet '{label}': '{match['doi']}' is not a DOI")
            study = Study(match["authors"], match["year"], match["journal"],
                          design_finding(match["design"], match["finding"]), match["doi"])
            if study.key in known:
                raise FormatError(f"score bullet '{label}': {study.key} is already a study")
            known[study.key] = study
            studies_so_far.append(study)
            claim = f"{label}: {match['finding']}."
            studies = [study]
        else:
            if not body.endswith("."):
                raise FormatError(f"score bullet '{label}' does not end with a period")
            claim = f"{label}: {body}"
            studies = []
        references.append(Reference(claim, studies, SCORE_GRADES[label], None))
    return references


def name_studies(studies):
    used = set()
    for study in studies:
        base = camel_case(re.split(r"[^A-Za-z]+", ascii_fold(first_author(study.authors)))) + str(study.year)
        name, suffix = base, ord("b")
        while name in used:
            name, suffix = base + chr(suffix), suffix + 1
        used.add(name)
        study.name = name


def emit_reference(out, indent, reference, opening=""):
    """Appends `ScienceReference(…)` at `indent`, its first line after `opening`."""
    pad = " " * indent
    out.append(f"{pad}{opening}ScienceReference(")
    out.append(f"{pad}    claim: {swift_string(reference.claim)},")
    names = ", ".join(study.name for study in reference.studies)
    out.append(f"{pad}    studies: [{names}],")
    out.append(f"{pad}    grade: .{reference.grade},")
    out.append(f"{pad}    note: {swift_string(reference.note)}")
    out.append(f"{pad})")


def generate(markdown, digest):
    lines = markdown.split("\n")
    reminder_rows, named, studies = parse_reminder_rows(read_table(lines))
    score_references = parse_score_bullets(read_score_bullets(lines), studies)
    name_studies(studies)

    by_reminder = {}
    for name, ids, aspect, _ in reminder_rows:
        for reminder in ids:
            entry = by_reminder.setdefault(reminder, {"primary": [], "supporting": []})
            entry["supporting" if aspect else "primary"].append(name)
    for reminder, entry in by_reminder.items():
        if len(entry["primary"]) != 1:
            raise FormatError(f"{reminder} has {len(entry['primary'])} rows without an aspect; it needs exactly one")

    out = [
        f"// Generated from Scripts/science-facts.md (SHA-256 {digest}) by Scripts/generate-science-library.py; do not edit by hand.",
        "// Regenerate from the package root:",
        "//     python3 Scripts/generate-science-library.py Scripts/science-facts.md > Sources/Projections/Evening/ScienceLibrary.swift",
        "",
        "/// The checked science behind the reminders, the bedtime plan, the mindful exit and the",
        "/// scores, as data (`Scripts/science-facts.md`; generated Swift rather than a bundled resource, so",
        "/// that nothing can be missing at run time).",
        "///",
        "/// A reminder may have several rows: the row naming it without an aspect is its primary",
        "/// reference, and rows with an aspect (`last_meal (clock)`, `warm_lighting (red)`) support",
        "/// it. A row naming two reminders (`last_meal, stop_eating`) is the primary reference of both.",
        "public enum ScienceLibrary {",
        "    /// The references of each reminder template, by id: the primary one first, then the",
        "    /// supporting ones in the table's order.",
        "    public static let byReminder: [String: [ScienceReference]] = [",
    ]
    for reminder, entry in by_reminder.items():
        out.append(f"        {swift_string(reminder)}: [{', '.join(entry['primary'] + entry['supporting'])}],")
    out += [
        "    ]",
        "",
        "    /// The references of the reminder template `reminderID`, primary first; empty for an",
        "    /// unknown id.",
        "    public static func references(for reminderID: String) -> [ScienceReference] {",
        "        byReminder[reminderID] ?? []",
        "    }",
        "",
    ]
    docs = {
        "plan": "Why the bedtime moves in small steps (docs/rules.md §1.1): \"the plan itself\".",
        "mindfulExit": "Why leaving early takes a pause (docs/rules.md §3.1): \"the mindful exit\".",
    }
    for name in NAMED_ROWS.values():
        out.append(f"    /// {docs.get(name, name)}")
        emit_reference(out, 4, named[name], f"public static let {name} = ")
        out.append("")
    out.append("    /// The references behind the scores (docs/rules.md §6 and §7): sleep stage norms, sleep need,")
    out.append("    /// and the sleep debt weighting, in the order of Scripts/science-facts.md.")
    out.append("    public static let scoreReferences: [ScienceReference] = [")
    for reference in score_references:
        emit_reference(out, 8, reference)
        out[-1] += ","
    out.append("    ]")
    out.append("")
    for name, ids, aspect, reference in reminder_rows:
        subject = ", ".join(ids) + (f" ({aspect})" if aspect else "")
        out.append(f"    // Scripts/science-facts.md: {subject}")
        emit_reference(out, 4, reference, f"private static let {name} = ")
        out.append("")
    for index, study in enumerate(studies):
        out.append(f"    private static let {study.name} = Study(")
        out.append(f"        authors: {swift_string(study.authors)},")
        out.append(f"        year: {study.year},")
        out.append(f"        journal: {swift_string(study.journal)},")
        out.append(f"        finding: {swift_string(study.finding)},")
        out.append(f"        doi: {swift_string(study.doi)}")
        out.append("    )")
        if index < len(studies) - 1:
            out.append("")
    out.append("}")
    return "\n".join(out) + "\n"


def main(arguments):
    if len(arguments) != 2:
        sys.stderr.write("usage: generate-science-library.py Scripts/science-facts.md > Sources/Projections/Evening/ScienceLibrary.swift\n")
        return 64
    try:
        with open(arguments[1], encoding="utf-8") as file:
            markdown = file.read()
        text = generate(markdown, hashlib.sha256(markdown.encode("utf-8")).hexdigest())
    except (OSError, FormatError) as error:
        sys.stderr.write(f"generate-science-library.py: {arguments[1]}: {error}\n")
        return 1
    sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
