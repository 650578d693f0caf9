"""The one exception the interpreter catches: its input, not its code, is the problem.

Every stage raises :class:`UninterpretableMRS` where the MRS is malformed (no top, a hole
without a qeq, a variable with two quantifiers, text that is not SimpleMRS) or outside the
interpretable fragment (an unknown predicate, a name, an unbound argument). :func:`.interpret`
turns exactly this exception into an :class:`~.interpret.Uninterpretable` reading; anything
else is a bug and propagates.
"""
from __future__ import annotations


#: the :attr:`UninterpretableMRS.kind` of a reference that finds nothing to refer to ("it" with no
#: shape before it, "the other" with nothing to contrast with): a sentence that fails only for it
#: may be readable after the sentences before it (:mod:`.discourse`)
REFERENCE = "reference"


class UninterpretableMRS(Exception):
    """The MRS is malformed or outside the interpretable fragment (message = the reason);
    ``kind`` names a class of failure its callers treat apart (:data:`REFERENCE`; "" for the rest)."""

    def __init__(self, reason: str, kind: str = "") -> None:
        super().__init__(reason)
        self.kind = kind


def not_covered(pred: str) -> str:
    """A reason a user can read for a predicate outside the fragment: "says 'next to', which the
    world model does not define" for the ERG's surface predicates (``_next+to_p``), else
    "cannot interpret PRED" (abstract predicates such as ``named``)."""
    if pred.startswith("_") and pred.count("_") >= 2:
        lemma = pred[1:].split("_")[0].replace("+", " ")
        return f"says '{lemma}', which the world model does not define"
    return f"cannot interpret {pred}"


__all__ = ["REFERENCE", "UninterpretableMRS", "not_covered"]
