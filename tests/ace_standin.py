"""A stand-in ACE process for tests: a small Python script that speaks ACE's protocol as pydelphin's
``ACEParser`` drives it (``-V`` for the version; one sentence per line on stdin; per sentence one
``--tsdb-stdout`` line of ``(:key . value)`` pairs and two blank lines on stdout).

Its answers come from a table (sentence → readings, error, stderr note or crash); a sentence not
in the table gets the built-in grammar's MRS, so the stand-in can serve a whole evaluation.  Like
the real ACE without a ranking model, it prints readings in an order that depends on how many
sentences the process parsed before (rotated by that count), and it honours ``-n``.

Its image has no unknown-word handling (no generic lexical entries): as ACE with such an image, a
sentence not in the table with a word outside the built-in vocabulary gets no reading, the error
"post-reduction lexical gap", and one note on stderr naming the first such word only
(``NOTE: lexemes do not span position 2 `glorp'!``).  A table entry can give an image's generic
entries instead (readings with ``_glorp/NN_u_unknown``).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MAGIC = b"STAND-IN ERG IMAGE\n"

SCRIPT = r'''#!{python}
import json, sys
args = sys.argv[1:]
if "-V" in args:
    print("ACE version 0.9.30")
    print("compiled for the tests of shapeworldice")
    sys.exit(0)
image = args[args.index("-g") + 1]
with open(image, "rb") as handle:
    if not handle.read(len({magic!r})) == {magic!r}:
        sys.stderr.write("ERROR: " + image + " is not a grammar image compiled by this version of ACE\n")
        sys.exit(1)
bound = int(args[args.index("-n") + 1]) if "-n" in args else None
with open({table!r}, encoding="utf-8") as handle:
    table = json.load(handle)
with open({log!r}, "a", encoding="utf-8") as handle:
    handle.write(json.dumps(args) + "\n")
print('NOTE: tsdb run: (:application . "answer") (:grammar . "stand-in ERG")', flush=True)

def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

def builtin(sentence):
    sys.path.insert(0, {repo!r})
    from delphin.codecs import simplemrs
    from shapeworldice.grammar import parse
    parsed = parse(sentence)
    unknown = tuple(getattr(parsed, "unknown_words", None) or ())
    if unknown:  # no generic entries: the first word without a lexeme stops the parse
        tokens = [t.strip(".,;:!?").lower() for t in sentence.split()]
        position = tokens.index(unknown[0].lower()) if unknown[0].lower() in tokens else 0
        return {{"readings": [], "error": "post-reduction lexical gap",
                 "stderr": "NOTE: lexemes do not span position %d `%s'!\nNOTE: post reduction gap"
                           % (position, unknown[0])}}
    return {{"readings": [simplemrs.encode(r.mrs) for r in parsed.readings]}}

seen = 0
for line in sys.stdin:
    sentence = line.strip()
    entry = table.get(sentence)
    if entry is None:
        entry = builtin(sentence)
    if entry.get("crash"):
        sys.stderr.write(entry["crash"] + "\n")
        sys.exit(3)
    if entry.get("hang"):  # never answers
        import time
        time.sleep(3600)
    if entry.get("flood"):  # endless lines, never the answer's end
        while True:
            sys.stdout.write("(:ninputs . 1)\n")
    if entry.get("endless_line"):  # one line that never ends
        while True:
            sys.stdout.write("x" * 65536)
    if entry.get("stderr_flood"):  # megabytes of notes on stderr before the answer
        block = "NOTE: " + "y" * 1017 + "\n"
        for _ in range(entry["stderr_flood"] * 1024):
            sys.stderr.write(block)
        sys.stderr.write(entry.get("stderr_last", "NOTE: the last line") + "\n")
        sys.stderr.flush()
    readings = list(entry.get("readings", ()))
    if readings:
        k = seen % len(readings)  # the order depends on the process's history
        readings = readings[k:] + readings[:k]
    if bound:
        readings = readings[:bound]
    if entry.get("stderr"):
        sys.stderr.write(entry["stderr"] + "\n")
        sys.stderr.flush()
    if entry.get("garbage"):  # an answer that is no tsdb record and holds no MRS
        readings = []
        sys.stdout.write("(:results . ((:result-id . 0) (:mrs . [ LTOP: h0 RELS: < [ _x_q LBL: ]]]] >\n\n\n")
        sys.stdout.flush()
        seen += 1
        continue
    results = " ".join("((:result-id . %d) (:mrs . %s))" % (i, quoted(m)) for i, m in enumerate(readings))
    out = "(:ninputs . %d) (:results . (%s)) (:readings . %d)" % (len(sentence.split()), results, len(readings))
    if entry.get("error"):
        out += " (:error . %s)" % quoted(entry["error"])
    sys.stdout.write(out + "\n\n\n")
    sys.stdout.flush()
    seen += 1
'''


def make_ace(folder: Path, table: dict | None = None) -> tuple[Path, Path]:
    """Write the stand-in ACE binary and a grammar image it accepts into ``folder``; returns
    (binary, image).  ``folder / "ace.log"`` collects the arguments of every process started."""
    folder.mkdir(parents=True, exist_ok=True)
    table_path, log = folder / "answers.json", folder / "ace.log"
    table_path.write_text(json.dumps(table or {}), encoding="utf-8")
    binary = folder / "ace"
    binary.write_text(SCRIPT.format(python=sys.executable, magic=MAGIC, table=str(table_path), log=str(log),
                                    repo=str(REPO)), encoding="utf-8")
    binary.chmod(0o755)
    image = folder / "erg.dat"
    image.write_bytes(MAGIC + b"\x00" * 64 + b"the stand-in's grammar image\n")
    return binary, image


def image_hash(image: Path) -> str:
    return hashlib.sha256(image.read_bytes()).hexdigest()[:8]


def started(folder: Path) -> list[list[str]]:
    """The arguments of every stand-in process started in ``folder``."""
    log = folder / "ace.log"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
