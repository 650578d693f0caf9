"""Template keys of caption semantics: which structure a caption has, with its values dropped.

Dataset manifests report a histogram of these keys, so a build's caption distribution can be
compared with ShapeWorld's (``docs/formats.md``, "Template keys"): e.g. ``existential [] / type[color,shape]``.
"""
from __future__ import annotations

from ..semantics.components import (
    Anaphor, Coreference, EntityType, Existential, Proposition, Quantifier, Relation, RelativeType, Selector,
)


def _kinds(restrictor: EntityType | Selector | RelativeType) -> str:
    if isinstance(restrictor, Selector):
        if restrictor.predtype != "unique":
            comparison = "" if restrictor.comparison is None else f" to {_kinds(restrictor.comparison)}"
            return f"the {restrictor.predtype}{restrictor.value:+d} {_kinds(restrictor.scope)}{comparison}"
        return f"the {_kinds(restrictor.scope)}"
    if isinstance(restrictor, RelativeType):
        return f"{_kinds(restrictor.scope)} that {_body(restrictor.clause)}"
    return "[" + ",".join(sorted(restrictor.kinds)) + "]"


def _body(body: Relation) -> str:
    if body.predtype == "attribute":
        return f"attr {body.value.predtype}"
    if body.predtype == "type":
        return f"type{_kinds(body.value)}"
    if body.predtype == "negation":
        return f"not {_body(body.value)}"
    if body.comparison is not None:
        return f"{body.predtype}{body.value:+d} {_kinds(body.comparison)} than {_kinds(body.referent())}"
    return f"{body.predtype}{body.value:+d} {_kinds(body.referent())}"


def _part(part: Relation | Anaphor) -> str:
    if isinstance(part, Anaphor):
        return f"the {_kinds(part.scope)} {part.predtype}{part.value:+d} it {_body(part.body)}"
    return _body(part)


def template(caption: object) -> str:
    """The template key of a caption."""
    if isinstance(caption, EntityType):
        return f"there-is {_kinds(caption)}"
    if isinstance(caption, Existential):
        return f"existential {_kinds(caption.restrictor)} / {_body(caption.body)}"
    if isinstance(caption, Quantifier):
        head = f"{caption.qtype} {caption.qrange} {caption.quantity:g}"
        return f"{head} {_kinds(caption.restrictor)} / {_body(caption.body)}"
    component = getattr(caption, "component", "")
    if component == "NumberBound":
        return f"bound {caption.bound} " + template(caption.quantifier)  # type: ignore[attr-defined]
    if component == "ComparativeQuantifier":
        c = caption  # "ratio eq 2 [color] vs [color] / attr shape"
        return (f"comparative {c.qtype} {c.qrange} {c.quantity:g} {_kinds(c.restrictor)} vs "  # type: ignore[attr-defined]
                f"{_kinds(c.comparison)} / {_body(c.body)}")  # type: ignore[attr-defined]
    if isinstance(caption, Proposition):
        return f"{caption.proptype}(" + "; ".join(template(c) for c in caption.clauses) + ")"
    if isinstance(caption, Coreference):
        parts = "; ".join(_part(p) for p in caption.parts)
        return f"coreference {caption.form} {_kinds(caption.antecedent)} / {parts}"
    raise TypeError(f"not a caption: {caption!r}")
