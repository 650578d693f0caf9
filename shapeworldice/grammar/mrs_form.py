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
from delphin import variable
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
_EP_SLOTS = frozenset(name for cls in delphin_mrs.EP.__mro__ for name in getattr(cls, "__slots__", ()))
_build_lock = threading.Lock()


def _built(m: delphin_mrs.MRS, form: PlainMRS) -> None:
    """Fill ``m``'s attributes from ``form`` as ``MRS(top, index, rels, hcons, icons, variables)``
    fills them, through pydelphin's own constructors."""
    delphin_mrs.MRS.__init__(
        m, form.top, form.index,
        [delphin_mrs.EP(p, label, dict(args), lnk, surface, base) for p, label, args, lnk, surface, base in form.eps],
        [delphin_mrs.HCons(hi, relation, lo) for hi, relation, lo in form.hcons],
        [delphin_mrs.ICons(left, relation, right) for left, relation, right in form.icons],
        form.variables)


#: pydelphin's :func:`delphin.variable.split` of the variable names met (a few hundred)
_SPLIT: dict[str, tuple[str, str]] = {}


def _split(v: str) -> tuple[str, str]:
    """A variable name's (sort, number), split once per name."""
    hit = _SPLIT.get(v)
    if hit is None:
        hit = variable.split(v)
        if len(_SPLIT) < 100_000:
            _SPLIT[v] = hit
    return hit


def _built_directly(m: delphin_mrs.MRS, form: PlainMRS) -> None:
    """:func:`_built` without the work its result does not need: each EP's identifier from its
    ARG0 split once per name, and the variables copied from ``form.variables``, which lists every
    variable the MRS uses already (:func:`complete`).  The same attributes, set one by one (checked
    against :func:`_built` when this module loads: :data:`_DIRECT`)."""
    default = Lnk.default
    new, ep_class = object.__new__, delphin_mrs.EP
    rels = []
    next_id = 0
    for predicate, label, args, lnk, surface, base in form.eps:
        ep = new(ep_class)
        iv = args.get("ARG0")
        if iv is not None:
            sort, number = _split(iv)
            next_id = max(next_id, int(number))
        else:
            iv = "_0"
            sort, number = _split(iv)
        if "RSTR" in args:
            ep.id, ep.type = "q" + number, None
        else:
            ep.id, ep.type = iv, (None if sort == "_" else sort)
        ep.lnk = default() if lnk is None else lnk
        ep.surface, ep.predicate, ep.base, ep.label, ep.args = surface, predicate, base, label, dict(args)
        rels.append(ep)
    ids: set[str] = set()  # as pydelphin makes them unique: "_N" after the largest ARG0 number
    for ep in rels:
        if ep.id in ids:
            ep.id = f"_{next_id}"
            next_id += 1
        ids.add(ep.id)
    m.lnk, m.surface, m.identifier = default(), None, None
    m.top, m.index, m.predications = form.top, form.index, rels
    m._pidx = {ep.id: ep for ep in rels}
    m.hcons = [delphin_mrs.HCons(hi, relation, lo) for hi, relation, lo in form.hcons]
    m.icons = [delphin_mrs.ICons(left, relation, right) for left, relation, right in form.icons]
    m.variables = {v: dict(props) for v, props in form.variables.items()}


def _same_as_built(form: PlainMRS) -> bool:
    """Whether :func:`_built_directly` and :func:`_built` give ``form`` the same attributes."""
    direct, built = object.__new__(delphin_mrs.MRS), object.__new__(delphin_mrs.MRS)
    _built(built, form)

    def same(a: Any, b: Any, slots: frozenset[str]) -> bool:
        return all(_value(getattr(a, n, None)) == _value(getattr(b, n, None)) for n in slots if n != "_pidx")

    try:  # another pydelphin may have renamed a slot the direct build sets: then no direct build
        _built_directly(direct, form)
    except (AttributeError, TypeError, ValueError):
        return False
    return (same(direct, built, _MRS_SLOTS - {"predications"})
            and len(direct.rels) == len(built.rels)
            and all(same(x, y, _EP_SLOTS) for x, y in zip(direct.rels, built.rels))
            and list(direct._pidx) == list(built._pidx)
            and [direct.rels.index(ep) for ep in direct._pidx.values()]
            == [built.rels.index(ep) for ep in built._pidx.values()])


def _value(v: Any) -> Any:
    """What an attribute holds, comparable across two builds (a Lnk by its type and data)."""
    if isinstance(v, Lnk):
        return ("lnk", v.type, v.data)
    if isinstance(v, list):
        return [(type(x), tuple(x)) if isinstance(x, tuple) else x for x in v]
    return v


#: whether this pydelphin's MRS is built as :func:`_built_directly` builds it (a small MRS with a
#: quantifier, two EPs of one ARG0, one without, spans and properties, built both ways)
_DIRECT = _same_as_built(complete("h0", "e2", [
    ("_a_q", "h4", {"ARG0": "x3", "RSTR": "h5", "BODY": "h6"}, Lnk.charspan(0, 1), None, None),
    ("_square_n_1", "h7", {"ARG0": "x3"}, Lnk.charspan(2, 8), None, None),
    ("_red_a_1", "h1", {"ARG0": "e2", "ARG1": "x3"}, None, None, None),
    ("_and_c", "h1", {"ARG0": "e2", "L-INDEX": "e8"}, None, None, None),
    ("named", "h9", {"CARG": "A"}, None, None, None)],
    [("h0", "qeq", "h1"), ("h5", "qeq", "h7")], [("e2", "topic", "x3")],
    {"x3": {"NUM": "sg", "PERS": "3"}, "e2": {"TENSE": "pres"}}))


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
                if _DIRECT:
                    try:
                        _built_directly(self, form)
                    except ValueError:  # a name that is not a variable: as pydelphin's own build raises it
                        _built(self, form)
                else:
                    _built(self, form)
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
