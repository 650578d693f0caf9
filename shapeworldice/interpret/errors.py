"""The one exception the interpreter catches: its input, not its code, is the problem.

Every stage raises :class:`UninterpretableMRS` where the MRS is malformed (no top, a hole
without a qeq, a variable with two quantifiers, text that is not SimpleMRS) or outside the
interpretable fragment (an unknown predicate, a name, an unbound argument). :func:`.interpret`
turns exactly this exception into an :class:`~.interpret.Uninterpretable` reading; anything
else is a bug and propagates.
"""
from __future__ import annotations


class UninterpretableMRS(Exception):
    """The MRS is malformed or outside the interpretable fragment (message = the reason)."""


def not_covered(pred: str) -> str:
    """A reason a user can read for a predicate outside the fragment: "says 'next to', which the
    world model does not define" for the ERG's surface predicates (``_next+to_p``), else
    "cannot interpret PRED" (abstract predicates such as ``named``)."""
    if pred.startswith("_") and pred.count("_") >= 2:
        lemma = pred[1:].split("_")[0].replace("+", " ")
        return f"says '{lemma}', which the world model does not define"
    return f"cannot interpret {pred}"


__all__ = ["UninterpretableMRS", "not_covered"]
