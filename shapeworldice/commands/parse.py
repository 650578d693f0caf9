"""What ``shapeworldice parse`` prints: the verdict and its reason, semantics in a chosen format
(of the reading the truth is computed from), truth on a world (a world JSON file, a line of
an export's worlds_*.jsonl, or an image of a built dataset), and the caption's claims (with
their truth and the objects the world lacks, given a world)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from ..errors import UserError
from ..interpret import Interpretation, claims, verdict
from ..parsing import make_parser
from ..reasons import judge
from ..safe_read import loads_json
from ..evaluation.io.inputs import split_lines
from ..world.model import World, WorldModelError
from ..evaluation.core.claims import check as check_claims


@dataclass(frozen=True)
class Line:
    text: str
    grammatical: bool


def _encode(mrs, fmt: str) -> str:
    from delphin import dmrs as dmrs_module
    from delphin.codecs import dmrspenman, simpledmrs, simplemrs

    if fmt == "mrs":
        return simplemrs.encode(mrs, indent=True)
    converted = dmrs_module.from_mrs(mrs)
    return simpledmrs.encode(converted, indent=True) if fmt == "dmrs" else dmrspenman.encode(converted, indent=True)


def parse_captions(captions: Sequence[str], fmt: str, world: World | None, as_json: bool, parser_name: str,
                   ace: str | None, grammar_image: str | None) -> Iterator[Line]:
    from delphin import dmrs as dmrs_module
    from delphin.codecs import dmrsjson, simplemrs

    parser = make_parser(parser_name, ace, grammar_image)
    try:
        for caption in captions:
            parsed = parser.parse(caption)
            judged = judge(parsed)  # the reading the truth value is computed from, and why
            interpretation, why = judged.interpretation, judged.reason
            label = verdict(interpretation, world) if world is not None and parsed.grammatical else None
            mrs = parsed.readings[judged.reading] if judged.reading is not None else None
            if as_json:
                obj = {"text": caption, "grammatical": parsed.grammatical,
                       "mrs": simplemrs.encode(mrs) if mrs is not None else None,
                       "dmrs": dmrsjson.to_dict(dmrs_module.from_mrs(mrs)) if mrs is not None else None,
                       "truth": label, "reason": why.code, "reason_detail": why.detail,
                       "unknown_words": list(parsed.unknown_words), **_claim_fields(interpretation, world, label)}
                yield Line(json.dumps(obj, sort_keys=True), parsed.grammatical)
                continue
            head = f"{caption}\t{'grammatical' if parsed.grammatical else 'ungrammatical'}"
            if label:
                head += f"\t{label}"
            head += f"\t{why.code}: {why.detail}"
            head += _claim_lines(_claim_fields(interpretation, world, label))
            body = ""
            if mrs is not None:
                if fmt == "semantics":
                    body = str(interpretation.formula) if interpretation else "(uninterpretable)"
                else:
                    body = _encode(mrs, fmt)
            yield Line(head + ("\n" + body if body else ""), parsed.grammatical)
    finally:
        parser.close()


def _claim_fields(interpretation: Interpretation | None, world: World | None, label: str | None) -> dict[str, Any]:
    """``claims`` ([{"text", "truth"}], truth None without a world) and, given a world,
    ``hallucinated_objects``; ``claims`` None without an interpretation."""
    if interpretation is None:
        return {"claims": None, "hallucinated_objects": None}
    if world is None:
        return {"claims": [{"text": str(c), "truth": None} for c in claims(interpretation.formula)],
                "hallucinated_objects": None}
    found = check_claims(interpretation, world, label)
    return {"claims": found.claim_records(), "hallucinated_objects": list(found.hallucinated)}


def _claim_lines(fields: dict[str, Any]) -> str:
    """Text lines under the verdict: each claim of a caption of several, and the objects the
    world lacks."""
    lines = [f"\n  claim: {c['truth'] + ': ' if c['truth'] else ''}{c['text']}" for c in fields["claims"] or ()
             if len(fields["claims"]) > 1]
    if fields["hallucinated_objects"]:
        lines.append("\n  not in the world: " + ", ".join(fields["hallucinated_objects"]))
    return "".join(lines)


# --- Which world ``parse`` evaluates truth on -------------------------------------------------------------------


def _world_from_model(model: Any, source: str) -> World:
    try:
        return World.from_model(model)
    except WorldModelError as exc:
        raise UserError(f"{source}: {exc}") from None


def _records(text: str, source: str) -> list[dict[str, Any]] | dict[str, Any]:
    """The file as one world JSON object, or as records ``{"id", "world"}`` (one JSON object, or JSON lines)."""
    try:
        whole = loads_json(text, source, lenient=True)
    except json.JSONDecodeError:
        lines = []
        for number, line in enumerate(split_lines(text), 1):
            if line.strip():
                lines.append(loads_json(line, f"{source}: line {number}"))
    else:
        if not isinstance(whole, dict):
            raise UserError(f"{source}: expected a world JSON object or lines of {{\"id\", \"world\"}}")
        if "world" not in whole:
            return whole
        lines = [whole]
    if not lines:
        raise UserError(f"{source}: empty file")
    for number, record in enumerate(lines, 1):
        if not isinstance(record, dict) or not isinstance(record.get("id"), str) or "world" not in record:
            raise UserError(f"{source}: line {number}: expected an object with \"id\" and \"world\"")
    return lines


def world_from_file(data: bytes, source: str, image: str | None) -> World:
    """A world from a world JSON object, or from the line of an export's ``worlds_*.jsonl`` (or
    ``captions.jsonl``) whose id is ``image``, with or without its build tag (``test-000000``);
    ``image`` may be left out when the file has one line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{source}: not UTF-8 (invalid byte at offset {exc.start})") from None
    records = _records(text, source)
    if isinstance(records, dict):
        if image is not None:
            raise UserError(f"{source} holds one world without an id; --image picks a line of a worlds_*.jsonl file")
        return _world_from_model(records, source)
    if image is None:
        if len(records) > 1:
            raise UserError(f"{source} holds {len(records)} worlds; pick one with --image ID")
        return _world_from_model(records[0]["world"], f"{source}: {records[0]['id']}")
    for record in records:
        if record["id"] == image:
            return _world_from_model(record["world"], f"{source}: {image}")
    short = [r for r in records if r["id"].partition("-")[2] == image]  # the id given without its build tag
    if len(short) == 1:
        return _world_from_model(short[0]["world"], f"{source}: {short[0]['id']}")
    if len(short) > 1:
        raise UserError(f"{source}: {len(short)} worlds have id {image!r} under different build tags "
                        f"({short[0]['id']!r}, {short[1]['id']!r}, ...); give the id with its tag")
    raise UserError(f"{source}: no world for image {image!r} (first id: {records[0]['id']!r})")


def world_from_dataset(directory: str, image: str, split: str | None) -> World:
    """The world of image ``image`` in a built dataset, found by id in ``split`` (or in every split).

    The build tag may be left out (``test-000000`` for ``1a2b3c4d-test-000000``): the dataset
    already names the build, so the short form cannot pick another build's image."""
    from ..data.definition import SPLITS
    from ..data.loader import load

    splits = [split] if split else list(reversed(SPLITS))  # test first: where evaluation looks
    for name in splits:
        for inst in load(directory, name).stream():
            if image in (inst.id, inst.id.partition("-")[2]):
                return inst.world
    where = f"the {split} split" if split else "any split"
    raise UserError(f"no image {image!r} in {where} of {directory}")


def choose_world(world_file: str | None, dataset: str | None, image: str | None, split: str | None,
                 read: Callable[[str], bytes]) -> World | None:
    """The world ``parse`` evaluates truth on, from ``--world`` (its bytes from ``read``) or
    ``--dataset``/``--image``/``--split``; a combination that names no single world is a UserError."""
    if world_file is not None and dataset is not None:
        raise UserError("give --world FILE or --dataset DIR, not both")
    if split is not None and dataset is None:
        raise UserError("--split needs --dataset DIR")
    if dataset is not None:
        if image is None:
            raise UserError("--dataset needs --image ID (the image whose world to use)")
        return world_from_dataset(dataset, image, split)
    if world_file is not None:
        return world_from_file(read(world_file), world_file, image)
    if image is not None:
        raise UserError("--image needs --dataset DIR or --world FILE")
    return None
