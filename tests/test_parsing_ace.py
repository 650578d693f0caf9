"""The real-ACE path against a stand-in ACE process (tests/ace_standin.py): pydelphin starts it,
talks to it over stdin/stdout as it talks to ACE, and everything after that is the package's own
code — reading order, limits, signature, messages and the reading ``parse`` shows."""
from __future__ import annotations

import gzip
import json
import re
import tempfile
from pathlib import Path

import pytest
from delphin.codecs import simplemrs

from shapeworldice.errors import UserError
from shapeworldice.interpret import Interpretation, interpret, truth
from shapeworldice.parsing import AceParser, BuiltinParser, reading_key
from shapeworldice.reasons import judge
from tests.ace_standin import make_ace, image_hash, started
from tests.cli_support import one_line_error, run
from tests.conftest import make_world

READINGS = Path(__file__).parent / "fixtures" / "erg" / "readings.jsonl.gz"
RATIO = "Exactly a quarter of the shapes are red ellipses."  # one interpretable ERG reading of 30


def erg(text: str) -> list[str]:
    with gzip.open(READINGS, "rt", encoding="utf-8") as handle:
        for row in map(json.loads, handle):
            if row["text"] == text:
                return row["readings"]
    raise KeyError(text)


def builtin_mrs(text: str) -> str:
    return simplemrs.encode(BuiltinParser().parse(text).readings[0])


def fifty_five_readings() -> list[str]:
    """The ERG's 30 readings of RATIO (one interpretable) and 25 more uninterpretable ones, as when
    ACE is asked for every reading of a caption with 55."""
    readings = erg(RATIO)
    bad = [m for m in readings if not isinstance(interpret(m), Interpretation)]
    padded = [re.sub(r"(_[a-z]+)(_[a-z]_)", rf"\g<1>{k}\g<2>", bad[k % len(bad)], count=1) for k in range(25)]
    assert all(not isinstance(interpret(m), Interpretation) for m in padded)
    assert len(readings + padded) == 55 and len(set(padded)) == 25 and not set(padded) & set(readings)
    return readings + padded


OTHERS = [f"There is a {c} {s}." for c in ("red", "green", "blue", "yellow", "gray", "cyan")
          for s in ("square", "circle", "cross", "triangle", "pentagon", "semicircle", "rectangle", "ellipse",
                    "shape", "square")]


def parse_in_turn(tmp_path: Path, table: dict | None, texts: list[str], **options) -> list:
    """Each text parsed in turn by one AceParser on a stand-in ACE answering from ``table`` (None:
    the stand-in's own grammar), closed afterwards: the shape of most tests here."""
    binary, image = make_ace(tmp_path, table) if table is not None else make_ace(tmp_path)
    parser = AceParser(str(binary), str(image), **options)
    try:
        return [parser.parse(text) for text in texts]
    finally:
        parser.close()


def chosen_after(parser: AceParser, history: int, text: str):
    for other in OTHERS[:history]:
        parser.parse(other)
    parsed = parser.parse(text)
    return parsed, judge(parsed)


@pytest.mark.parametrize("history", [0, 5, 30, 59])
def test_the_verdict_does_not_depend_on_what_was_parsed_before(tmp_path, history):
    binary, image = make_ace(tmp_path, {RATIO: {"readings": fifty_five_readings()}})
    fresh = AceParser(str(binary), str(image))
    later = AceParser(str(binary), str(image))
    try:
        first, first_judged = chosen_after(fresh, 0, RATIO)
        parsed, judged = chosen_after(later, history, RATIO)
    finally:
        fresh.close()
        later.close()
    assert len(parsed.readings) == 55  # every reading was asked for
    assert all("-n" not in args for args in started(tmp_path))
    assert [simplemrs.encode(m) for m in parsed.readings] == [simplemrs.encode(m) for m in first.readings]
    assert judged.reason.code == first_judged.reason.code == "ok"
    assert judged.reading == first_judged.reading
    assert str(judged.interpretation) == str(first_judged.interpretation)


def test_a_bound_on_readings_is_what_made_verdicts_depend_on_order(tmp_path):
    """With ACE's former ``-n 30`` the one interpretable reading falls past the bound after 30
    other captions: the reason the default asks for every reading."""
    binary, image = make_ace(tmp_path, {RATIO: {"readings": fifty_five_readings()}})
    bounded = AceParser(str(binary), str(image), max_readings=30)
    try:
        _, judged = chosen_after(bounded, 30, RATIO)
    finally:
        bounded.close()
    assert judged.reason.code == "not-covered"
    assert any("-n" in args for args in started(tmp_path))


def test_readings_of_equal_preference_are_chosen_by_content_not_by_position(tmp_path):
    """Two interpretable readings with the same dispreference: whichever ACE prints first, the
    same one is chosen (the parser sorts readings by :func:`reading_key`)."""
    square, circle = builtin_mrs("A square is red."), builtin_mrs("A circle is red.")
    binary, image = make_ace(tmp_path, {"Tie.": {"readings": [square, circle]}})
    world = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.7, 0.7))
    verdicts = set()
    for history in (0, 1):  # the stand-in rotates the readings by the number parsed before
        parser = AceParser(str(binary), str(image))
        try:
            _, judged = chosen_after(parser, history, "Tie.")
        finally:
            parser.close()
        assert judged.interpretation is not None
        verdicts.add((str(judged.interpretation), truth(judged.interpretation, world).label))
    assert len(verdicts) == 1


def test_reading_key_ignores_variable_names_and_predication_order():
    mrs = simplemrs.decode(builtin_mrs("A square is red."))
    text = simplemrs.encode(mrs)
    renamed = re.sub(r"\b([xeh])(\d+)\b", lambda m: f"{m.group(1)}{int(m.group(2)) + 40}", text)
    assert renamed != text
    assert reading_key(simplemrs.decode(renamed)) == reading_key(mrs)
    assert reading_key(simplemrs.decode(builtin_mrs("A circle is red."))) != reading_key(mrs)


@pytest.mark.parametrize("entry, code", [
    ({"error": "giving up, too many words"}, "too-long"),
    ({"stderr": "NOTE: parse timed out"}, "timeout"),
    ({"stderr": "NOTE: hit RAM limit while unpacking"}, "memory"),
])
def test_ace_limits_are_reasons_not_ungrammatical(tmp_path, entry, code):
    # the second text: the process goes on after a limit
    parsed, after = parse_in_turn(tmp_path, {"Long.": entry}, ["Long.", "A square is red."])
    assert parsed.limit == code and not parsed.grammatical
    why = judge(parsed).reason
    assert why.code == code
    assert (entry.get("error") or entry["stderr"]) in why.detail
    assert judge(after).reason.code == "ok"


def test_aces_statistics_notes_are_not_limits(tmp_path):
    note = ("NOTE: 0 readings, added 351 / 20 edges to chart (16 fully instantiated, 10 actives used, "
            "7 passives used)\tRAM: 1118k")
    parsed, = parse_in_turn(tmp_path, {"Square the red is.": {"stderr": note}}, ["Square the red is."])
    assert parsed.limit is None and parsed.error is None
    assert judge(parsed).reason.code == "no-parse"


def test_the_builtin_parser_reports_its_length_limit_too():
    parsed = BuiltinParser().parse(" ".join(["a square is red and"] * 15) + " a circle is blue.")
    assert parsed.limit == "too-long"
    assert judge(parsed).reason.code == "too-long"


def test_signature_names_ace_version_and_image_content(tmp_path):
    binary, image = make_ace(tmp_path / "one")
    parser = AceParser(str(binary), str(image))
    # the binary by its bytes too, and no file name (the image is "erg" by what it holds)
    assert parser.version == f"ace-0.9.30@{image_hash(binary)}:erg@{image_hash(image)}"
    other = tmp_path / "two" / "erg.dat"
    other.parent.mkdir()
    other.write_bytes(image.read_bytes() + b"another build\n")
    assert AceParser(str(binary), str(other)).version == f"ace-0.9.30@{image_hash(binary)}:erg@{image_hash(other)}" \
        != parser.version


def test_a_non_executable_ace_is_one_clean_line(tmp_path):
    binary, image = make_ace(tmp_path)
    binary.chmod(0o644)
    line = one_line_error(run("parse", "A square is red.", "--parser", "ace", "--ace", binary,
                              "--grammar-image", image))
    assert "not executable" in line and str(binary) in line
    assert "Failed to get ACE version" not in line and "no message" not in line


def test_a_program_that_is_not_ace_is_named(tmp_path):
    _, image = make_ace(tmp_path)
    impostor = tmp_path / "impostor"
    impostor.write_text("#!/bin/sh\necho hello\n")
    impostor.chmod(0o755)
    line = one_line_error(run("parse", "A square is red.", "--parser", "ace", "--ace", impostor,
                              "--grammar-image", image))
    assert "does not look like ACE" in line and "Failed to get ACE version" not in line


def test_an_image_ace_cannot_load_blames_the_image(tmp_path):
    binary, _ = make_ace(tmp_path)
    readme = Path(__file__).resolve().parent.parent / "README.md"
    line = one_line_error(run("parse", "A square is red.", "--parser", "ace", "--ace", binary,
                              "--grammar-image", readme))
    assert line.startswith("error: ACE could not load the grammar image") or "could not load the grammar image" in line
    assert str(readme) in line and "not a grammar image" in line  # ACE's own words
    assert "binary" not in line and "no message" not in line


def test_ace_dying_on_a_sentence_is_one_line_with_its_message(tmp_path):
    binary, image = make_ace(tmp_path, {"Crash.": {"crash": "FATAL: out of cheese"}})
    parser = AceParser(str(binary), str(image))
    assert parser.parse("A square is red.").grammatical
    with pytest.raises(UserError, match=r"ACE stopped while parsing 'Crash\.'.*out of cheese"):
        parser.parse("Crash.")


def test_parse_prints_the_reading_the_truth_was_computed_from(tmp_path):
    """ACE's first reading is uninterpretable; ``parse --parser ace`` shows the interpretable one."""
    readings = fifty_five_readings()
    binary, image = make_ace(tmp_path, {RATIO: {"readings": readings}})
    world = tmp_path / "world.json"
    world.write_text(make_world(("ellipse", "red", 0.2, 0.2), ("square", "blue", 0.5, 0.5),
                                ("circle", "green", 0.8, 0.8), ("cross", "gray", 0.2, 0.8)).to_json())
    result = run("parse", RATIO, "--parser", "ace", "--ace", binary, "--grammar-image", image, "--world", world,
                 "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert not isinstance(interpret(readings[0]), Interpretation)
    assert isinstance(interpret(shown["mrs"]), Interpretation)
    assert shown["reason"] == "ok" and shown["truth"] == "true"
    text = run("parse", RATIO, "--parser", "ace", "--ace", binary, "--grammar-image", image, "--format",
               "semantics")
    assert "(uninterpretable)" not in text.output and "\tok: " in text.output


def test_words_the_erg_reads_as_unknown_give_the_unknown_words_reason(tmp_path):
    mrs = builtin_mrs("There is a square.").replace("_square_n_of", "_image/NN_u_unknown")
    parsed, = parse_in_turn(tmp_path, {"There is an image.": {"readings": [mrs]}}, ["There is an image."])
    assert parsed.grammatical and parsed.unknown_words == ("image",)
    why = judge(parsed).reason
    assert why.code == "unknown-words" and "'image'" in why.detail and "it parsed" in why.detail


GAPS = "A glorp square is above a zibble circle."


def test_an_image_without_unknown_word_handling_names_the_words_it_lacks(tmp_path):
    """ACE's note names the first word no lexeme covers; the parser asks for each later word alone
    and names every one, so the reason is the built-in parser's, not a bare no-parse."""
    # the stand-in's image (table None) has no generic entries; "again": a word probed once is known
    parsed, again, alone = parse_in_turn(tmp_path, None, [GAPS, "There is a zibble.", "There is a red square."])
    assert not parsed.grammatical and parsed.unknown_words == ("glorp", "zibble")
    why = judge(parsed).reason
    assert why.code == "unknown-words" and "'glorp', 'zibble'" in why.detail
    assert why.code == judge(BuiltinParser().parse(GAPS)).reason.code
    assert again.unknown_words == ("zibble",) and judge(again).reason.code == "unknown-words"
    assert alone.unknown_words == () and judge(alone).reason.code == "ok"


def test_a_lexical_gap_named_by_position_only_names_the_word_there(tmp_path):
    """Older ACE versions give the position of the first uncovered word, not the word."""
    parsed, = parse_in_turn(tmp_path, {"There is a glorp.": {
        "readings": [], "error": "post-reduction lexical gap",
        "stderr": "NOTE: lexemes do not span position 3!"}}, ["There is a glorp."])
    assert parsed.unknown_words == ("glorp",) and judge(parsed).reason.code == "unknown-words"


def test_the_parse_command_gives_the_unknown_words_reason_through_ace(tmp_path):
    binary, image = make_ace(tmp_path)
    result = run("parse", GAPS, "--parser", "ace", "--ace", binary, "--grammar-image", image, "--json")
    assert result.exit_code == 1, result.output  # 1: not grammatical
    shown = json.loads(result.output)
    assert shown["reason"] == "unknown-words" and "'glorp', 'zibble'" in shown["reason_detail"]


def test_evaluate_through_ace_gives_the_builtin_verdicts_and_reasons(tmp_path):
    """A whole evaluation through the stand-in (which answers with the built-in grammar's MRS):
    the same G, T, coverage and reason per caption as the built-in parser, and the ACE signature."""
    from shapeworldice.data.build import generate
    from shapeworldice.evaluation.core.gtd import Evaluator

    directory = generate("spatial-twoshapes", tmp_path / "data", seed=0, train=0, validation=0, test=12)
    binary, image = make_ace(tmp_path / "ace", {"Square too long the is.": {"error": "giving up, too many words"}})
    reports = {}
    for name, parser in (("builtin", BuiltinParser()), ("ace", AceParser(str(binary), str(image)))):
        evaluator = Evaluator(directory, parser=parser)
        extra = ["", "Red the is square.", "A shape is.", "Square too long the is."]
        entries = [{"image_id": i, "caption": extra[k] if k < len(extra) else evaluator.images[k].captions[1]}
                   for k, i in enumerate(evaluator.ids)]
        try:
            reports[name] = evaluator.evaluate(entries)
        finally:
            evaluator.close()
    builtin, ace = reports["builtin"], reports["ace"]
    for key in ("grammaticality", "truthfulness", "coverage", "diversity"):
        assert ace["scores"][key] == builtin["scores"][key], key
    ours = [r.reason for r in builtin["details"]]
    theirs = [r.reason for r in ace["details"]]
    assert theirs[:4] == ["empty", "no-parse", "not-covered", "too-long"]
    assert ours[:3] == theirs[:3] and ours[4:] == theirs[4:] == ["ok"] * 8
    assert f"grammar:ace-0.9.30@{image_hash(binary)}:erg@{image_hash(image)}|parser:ace" in ace["signature"]


# --- several sentences: the ERG parses one at a time -------------------------------------------------------------

PRONOUN = "There is a red square. It is above a blue circle. There is a black star."
SCENE = make_world(("square", "red", 0.3, 0.3), ("circle", "blue", 0.3, 0.7), ("cross", "green", 0.7, 0.5))


def sentence_table(*whole: str) -> dict:
    """ACE never sees a caption of several sentences (the stand-in crashes on one); its second
    sentence's first reading, alone and in context, is an uninterpretable twin."""
    second = builtin_mrs("It is above a blue circle.")
    twin = second.replace("_above_p", "_glorp_p")
    return {**{text: {"crash": "several sentences on one line"} for text in whole},
            "It is above a blue circle.": {"readings": [twin, second]}}


def test_several_sentences_are_parsed_one_by_one_and_read_as_their_conjunction(tmp_path):
    from shapeworldice.evaluation.core.claims import check

    parsed, = parse_in_turn(tmp_path, sentence_table(PRONOUN), [PRONOUN])
    assert parsed.grammatical and len(parsed.readings) == 1
    judged, builtin = judge(parsed), judge(BuiltinParser().parse(PRONOUN))
    assert judged.reason.code == "ok" and judged.interpretation is not None and builtin.interpretation is not None
    assert truth(judged.interpretation, SCENE) == truth(builtin.interpretation, SCENE)
    ours, theirs = check(judged.interpretation, SCENE), check(builtin.interpretation, SCENE)
    assert [t for _, t in ours.claims] == [t for _, t in theirs.claims] == ["true", "true", "false"]
    assert ours.hallucinated == theirs.hallucinated == ("black star",)


@pytest.mark.parametrize("entry, code, said", [
    ({"readings": []}, "no-parse", "the longest part that parsed: There is a red square. | Glorp zag blick."),
    ({"error": "giving up, too many words"}, "too-long", "sentence 2 of 2: giving up, too many words"),
])
def test_a_sentence_that_fails_gives_the_caption_its_reason(tmp_path, entry, code, said):
    caption = "There is a red square. Glorp zag blick."
    parsed, alone = parse_in_turn(tmp_path, {caption: {"crash": "several sentences on one line"},
                                             "Glorp zag blick.": entry}, [caption, "Glorp zag blick."])
    assert not parsed.grammatical and not parsed.readings
    why = judge(parsed).reason
    assert why.code == judge(alone).reason.code == code and said in why.detail


def test_unknown_words_of_any_sentence_are_the_captions(tmp_path):
    mrs = builtin_mrs("There is a square.").replace("_square_n_of", "_image/NN_u_unknown")
    caption = "There is a red square. There is an image."
    parsed, = parse_in_turn(tmp_path, {caption: {"crash": "several sentences on one line"},
                                       "There is an image.": {"readings": [mrs]}}, [caption])
    assert parsed.grammatical and parsed.unknown_words == ("image",)
    assert judge(parsed).reason.code == "unknown-words"


def test_evaluate_through_ace_gives_the_builtin_claims_for_several_sentences(tmp_path):
    from shapeworldice.data.build import generate
    from shapeworldice.evaluation.core.gtd import Evaluator

    directory = generate("existential-multishapes", tmp_path / "data", seed=0, train=0, validation=0, test=6)
    captions = [PRONOUN, "There is a square. There is a circle. There is a cross.",
                "I can see a red square. It is above a blue circle. It is below a star.",
                "A red square is above a blue circle. A green cross is below it.",
                "There are two shapes. They are red.", "The image shows a red shape and a green one."]
    binary, image = make_ace(tmp_path / "ace", sentence_table(*captions[:-1]))  # the last is one sentence
    reports = {}
    for name, parser in (("builtin", BuiltinParser()), ("ace", AceParser(str(binary), str(image)))):
        evaluator = Evaluator(directory, parser=parser)
        try:
            reports[name] = evaluator.evaluate([{"image_id": i, "caption": c} for i, c in zip(evaluator.ids, captions)])
        finally:
            evaluator.close()
    builtin, ace = reports["builtin"], reports["ace"]
    for key in ("grammaticality", "truthfulness", "coverage", "claim_precision", "hallucination_rate",
                "object_recall"):
        assert ace["scores"][key] == builtin["scores"][key], key
    for ours, theirs in zip(builtin["details"], ace["details"]):
        assert theirs.reason == ours.reason == "ok", theirs.caption
        assert [c["truth"] for c in theirs.claims] == [c["truth"] for c in ours.claims], theirs.caption
        assert theirs.hallucinated_objects == ours.hallucinated_objects


# ---- a hostile ACE: each failure ends within the deadline, in one line, with no temporary file left

@pytest.mark.parametrize("entry, said", [
    ({"hang": True}, "no answer within"),
    ({"flood": True}, "MiB"),
    ({"endless_line": True}, "MiB"),
    ({"garbage": True}, "could not be read"),
])
def test_a_hostile_ace_is_one_line_within_the_deadline(tmp_path, monkeypatch, entry, said):
    import time

    import shapeworldice.ace_process as ace_process

    monkeypatch.setattr(ace_process, "MAX_ANSWER_BYTES", 1 << 20)  # 1 MiB: floods end well in time under load
    binary, image = make_ace(tmp_path, {"Bad.": entry})
    # a temporary folder of this test's own (this process and ACE's), so other jobs' files cannot
    # be mistaken for ours and ours must all be gone at the end
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    parser = AceParser(str(binary), str(image), timeout=1)
    start = time.monotonic()
    with pytest.raises(UserError) as failure:
        parser.parse("Bad.")
    parser.close()
    assert time.monotonic() - start < parser.deadline + 3
    message = str(failure.value)
    assert "\n" not in message and said in message, message
    assert list(private.iterdir()) == []


def test_a_flood_on_stderr_is_read_from_its_end_only(tmp_path):
    # 8 MiB of notes before an answer: the answer is read, and only the last line of stderr is kept
    parsed, after = parse_in_turn(tmp_path, {"Noisy.": {"stderr_flood": 8, "stderr_last": "NOTE: parse timed out",
                                                        "readings": []}}, ["Noisy.", "A square is red."], timeout=5)
    assert parsed.limit == "timeout" and not parsed.grammatical and len(parsed.error or "") < 600
    assert after.grammatical


def test_a_timeout_with_partial_readings_is_not_grammatical(tmp_path):
    # ACE may print the readings it found before its timeout: the verdict is the limit, not G = 1,
    # so a caption's grammaticality never depends on how loaded the machine was
    reading = BuiltinParser().parse("A square is red.").readings[0]
    parsed, = parse_in_turn(tmp_path, {"Slow.": {"readings": [simplemrs.encode(reading)],
                                                 "stderr": "NOTE: parse timed out"}}, ["Slow."])
    assert parsed.limit == "timeout" and not parsed.grammatical and parsed.readings == ()
