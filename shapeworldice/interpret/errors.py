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


__all__ = ["UninterpretableMRS"]
