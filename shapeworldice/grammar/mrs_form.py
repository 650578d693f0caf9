"""An MRS as plain values, and a pydelphin MRS built from them only when it is first read.

The built-in grammar composes its readings in this form (:class:`PlainMRS`), and the readers of a
description's sentences (the join of their readings, the interpreter's working copy, the order of
preference) read it as it is: most of those readings are never seen by a caller, and pydelphin's
objects (an identifier per EP, variable names checked by pattern, every property map copied) cost
more to build than the composition that fills them.  :class:`ComposedMRS` is the reading a caller
gets: a ``delphin.mrs.MRS`` whose attributes are built from its plain form when one is first read,
equal to the MRS built from the same values directly.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from delphin import mrs as delphin_mrs
from delphin.lnk import Lnk

#: an EP: predicate, label, arguments (role → variable or constant), and its Lnk (None: none),
#: surface string and base form as pydelphin's EP takes them
PlainEP = tuple[str, str, dict[str, str], Any, Any, Any]


@dataclass(frozen=True, slots=True)
class PlainMRS:
    """An MRS as plain values: ``variables`` holds every variable the MRS uses, in the order
    pydelphin's MRS keeps them (those given with properties first, then the others as met), and
    constraints are (high, relation, low) / (left, relation, right) triples.  Read-only: the
    property maps may be shared with the forms it was made from."""

    top: str | None
    index: str | None
    eps: list[PlainEP]
    hcons: list[tuple[str, str, str]]
    icons: list[tuple[str, str, str]]
    variables: dict[str, dict[str, str]]


def complete(top: str | None, index: str | None, eps: list[PlainEP], hcons: list[tuple[str, str, str]],
             icons: list[tuple[str, str, str]], variables: dict[str, dict[str, str]]) -> PlainMRS:
    """A :class:`PlainMRS` whose ``variables`` are ``variables`` (taken over) with every other
    variable the MRS uses added as pydelphin's MRS adds them (no properties, in the order met)."""
    add = variables.setdefault
    if top is not None:
        add(top, {})
    if index is not None:
        add(index, {})
    for _, label, args, *_rest in eps:
        add(label, {})
        for role, value in args.items():
            if role != "CARG":
                add(value, {})
    for hi, _, lo in hcons:
        add(lo, {})
        add(hi, {})
    for left, _, right in icons:
        add(left, {})
        add(right, {})
    return PlainMRS(top, index, eps, hcons, icons, variables)


def cfrom_cto(lnk: Any) -> tuple[int, int]:
    """An EP's character span from its Lnk, as pydelphin's ``cfrom`` / ``cto`` read it (-1 when none)."""
    if lnk is not None and lnk.type == Lnk.CHARSPAN:
        return lnk.data[0], lnk.data[1]
    return -1, -1


def plain_of(m: Any) -> PlainMRS:
    """The plain form of a pydelphin MRS (its own, when it is a :class:`ComposedMRS` not yet built)."""
    form = plain_form(m)
    if form is not None:
        return form
    eps: list[PlainEP] = [(ep.predicate, ep.label, ep.args, ep.lnk, ep.surface, ep.base) for ep in m.rels]
    return PlainMRS(m.top, m.index, eps, [(h.hi, h.relation, h.lo) for h in m.hcons],
                    [(i.left, i.relation, i.right) for i in getattr(m, "icons", None) or ()],
                    getattr(m, "variables", None) or {})


def plain_form(m: Any) -> PlainMRS | None:
    """The plain form of ``m`` when it is a :class:`ComposedMRS` whose pydelphin attributes are not
    built yet (once they are, a caller may have edited them: they are read instead); else None."""
    return m.form if type(m) is ComposedMRS else None


#: the attributes of pydelphin's MRS (its slots and those of its bases): reading one builds them all
_MRS_SLOTS = frozenset(name for cls in delphin_mrs.MRS.__mro__ for name in getattr(cls, "__slots__", ()))
_build_lock = threading.Lock()


class ComposedMRS(delphin_mrs.MRS):
    """A pydelphin MRS kept as its :class:`PlainMRS` until an attribute of the MRS is first read;
    then built, once, exactly as ``MRS(top, index, rels, hcons, icons, variables)`` builds it (the
    plain form is then dropped)."""

    __slots__ = ("form",)

    def __init__(self, form: PlainMRS) -> None:  # pydelphin's __init__ runs when first read
        self.form: PlainMRS | None = form

    def __getattr__(self, name: str) -> Any:
        if name not in _MRS_SLOTS:
            raise AttributeError(name)
        with _build_lock:
            form = self.form
            if form is not None:
                delphin_mrs.MRS.__init__(
                    self, form.top, form.index,
                    [delphin_mrs.EP(p, label, dict(args), lnk, surface, base)
                     for p, label, args, lnk, surface, base in form.eps],
                    [delphin_mrs.HCons(hi, relation, lo) for hi, relation, lo in form.hcons],
                    [delphin_mrs.ICons(left, relation, right) for left, relation, right in form.icons],
                    form.variables)
                self.form = None
        return object.__getattribute__(self, name)

    def __reduce__(self) -> Any:
        form = self.form
        if form is not None:
            return (ComposedMRS, (form,))
        # as pydelphin's MRS (which cannot be pickled: its HCons are not rebuilt from their values)
        return (delphin_mrs.MRS, (self.top, self.index, self.rels, self.hcons, self.icons, self.variables,
                                  self.lnk, self.surface, self.identifier))


__all__ = ["PlainMRS", "PlainEP", "ComposedMRS", "complete", "cfrom_cto", "plain_of", "plain_form"]
