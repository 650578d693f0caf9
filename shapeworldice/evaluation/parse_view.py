"""What ``shapeworldice parse`` prints: semantics in a chosen format, and truth on a world."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterator, Sequence

from ..interpret import Interpretation, interpret_readings, verdict
from ..parsing import make_parser
from ..world.model import World


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
            interpretation = None
            if parsed.grammatical:
                _, result = interpret_readings(parsed.readings)
                interpretation = result if isinstance(result, Interpretation) else None
            label = verdict(interpretation, world) if world is not None and parsed.grammatical else None
            mrs = parsed.readings[0] if parsed.readings else None
            if as_json:
                obj = {"text": caption, "grammatical": parsed.grammatical,
                       "mrs": simplemrs.encode(mrs) if mrs is not None else None,
                       "dmrs": dmrsjson.to_dict(dmrs_module.from_mrs(mrs)) if mrs is not None else None,
                       "truth": label}
                yield Line(json.dumps(obj, sort_keys=True), parsed.grammatical)
                continue
            head = f"{caption}\t{'grammatical' if parsed.grammatical else 'ungrammatical'}"
            if label:
                head += f"\t{label}"
            body = ""
            if mrs is not None:
                if fmt == "semantics":
                    body = str(interpretation.formula) if interpretation else "(uninterpretable)"
                else:
                    body = _encode(mrs, fmt)
            yield Line(head + ("\n" + body if body else ""), parsed.grammatical)
    finally:
        parser.close()
