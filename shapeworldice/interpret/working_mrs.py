"""The interpreter's working copy of an MRS, which the normalisation rewrites edit in place.

:func:`as_mrs` reads the three input forms (a pydelphin MRS, a DMRS, a SimpleMRS string);
:func:`load` copies the MRS into a :class:`WorkingMRS` of mutable :class:`EP` records. What
the rewrites learn about a quantifier (its cardinal, fraction, degree word...) is kept on
the quantifier's :class:`QuantifierMods`; a relation they build is an ``EP`` with predicate
``REL`` and a :class:`Relation`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..grammar.mrs_form import cfrom_cto, plain_form, plain_of
from .errors import UninterpretableMRS
from .predicates import normalize_predicate

#: predicate of the synthetic EP a relation rewrite leaves (see :attr:`EP.relation`)
REL = "REL"


@dataclass(slots=True)
class QuantifierMods:
    """What the rewrites attach to a quantifier: a cardinal ("two"), a fraction's denominator
    ("a third of"), a partitive "of the", "most", a degree word's qrange ("at least"), and
    whether its variable is plural ("the squares")."""

    card: int | None = None
    den: int | None = None
    partitive: bool = False
    most: bool = False
    degree: str | None = None
    plural: bool = False
    #: the number of a partitive's definite ("a third of the three squares": 3), ShapeWorld's number bound
    bound: int | None = None
    #: a ShapeWorld selector on "the" ("the leftmost": ("x-max", -1))
    selector: tuple[str, int] | None = None
    #: a comparative quantifier ("as many X as Y"): see :mod:`.selector_rewrites`
    compare: Any = None
    person: str = ""  # PERS of the variable ("1", "2", "3"; "" when the MRS does not say)

    def plain(self) -> bool:
        """No number, fraction, partitive, degree word or "most" (plurality does not count)."""
        return (self.card is None and self.den is None and not self.partitive and self.degree is None
                and not self.most)


@dataclass(frozen=True)
class Relation:
    """A binary relation of the logical form: kind (``x-rel``, ``size-rel``...) and direction."""

    kind: str
    value: int


class Edits:
    """The count of edits of one working copy's EPs, which its EPs share: a counter rather than the
    copy itself, so that the copy and its EPs hold no reference cycle and are freed by reference
    counting when an interpretation ends (cycles would wait for, and burden, the garbage collector).
    With it, what :meth:`WorkingMRS.reindex` needs to update its indexes rather than rebuild them:
    the EPs killed or given new ``args`` since (by ``id``: holding them would make a cycle), and
    whether any other edit (a relabel, a revived EP, a substitution) was made."""

    __slots__ = ("count", "touched", "full")

    def __init__(self) -> None:
        self.count = 0
        self.touched: list[int] = []
        self.full = False


@dataclass(eq=False, slots=True, init=False)
class EP:
    """An elementary predication of the working copy (compared by identity).  Setting what the
    indexes of its :class:`WorkingMRS` rest on (``dead``, ``label``, ``args``) counts an edit of
    that copy, so that :meth:`WorkingMRS.reindex` rebuilds them only after edits.

    ``arg0`` is a slot, not a property: the rewrites read it about a thousand times per
    interpretation.  It is kept equal to ``args.get("ARG0")`` when ``args`` is set and by
    :meth:`WorkingMRS.substitute`; an ARG0 written into ``args`` in place is read again at the next
    :meth:`WorkingMRS.reindex` after an edit (no rewrite does that: set ``args`` instead)."""

    pred: str
    label: str
    args: dict[str, str]
    carg: str | None
    key: tuple[int, int]  # (character position, index): surface order
    dead: bool
    mods: QuantifierMods
    relation: Relation | None  # set on ``REL`` EPs only
    #: the edit count of the working copy whose indexes hold this EP (set by its reindex)
    edits: "Edits | None" = field(repr=False)
    #: ``args.get("ARG0")``, kept with ``args`` (see above)
    arg0: str | None = field(repr=False)

    def __init__(self, pred: str, label: str, args: dict[str, str], carg: str | None, key: tuple[int, int],
                 dead: bool = False, mods: QuantifierMods | None = None, relation: Relation | None = None) -> None:
        # through the slots' descriptors: this class's __setattr__ counts edits, and a new EP is none
        _PRED(self, pred)
        _LABEL(self, label)
        _ARGS(self, args)
        _ARG0(self, args.get("ARG0"))
        _CARG(self, carg)
        _KEY(self, key)
        _DEAD(self, dead)
        _MODS(self, QuantifierMods() if mods is None else mods)
        _RELATION(self, relation)
        _EDITS_SET(self, None)

    def __setattr__(self, name: str, value: Any) -> None:
        _SLOTS[name].__set__(self, value)
        if name in _INDEXED:
            if name == "args":
                _ARG0(self, value.get("ARG0"))
            counter = _EDITS_GET(self)
            if counter is not None:
                counter.count += 1
                if name == "args" or (name == "dead" and value):
                    counter.touched.append(id(self))
                else:
                    counter.full = True

    def is_quantifier(self) -> bool:
        return "RSTR" in self.args


#: the slots of :class:`EP`, set through their descriptors by its ``__init__`` and ``__setattr__``
_SLOTS = {name: getattr(EP, name) for name in EP.__slots__}
_PRED, _LABEL, _ARGS, _CARG, _KEY, _DEAD, _MODS, _RELATION, _EDITS_SET, _ARG0 = (
    _SLOTS[name].__set__
    for name in ("pred", "label", "args", "carg", "key", "dead", "mods", "relation", "edits", "arg0"))
_EDITS_GET = _SLOTS["edits"].__get__
#: the fields of an EP that :meth:`WorkingMRS.reindex` reads (an ``args`` dict edited in place
#: changes no quantifier's ARG0 or RSTR but through :meth:`WorkingMRS.substitute`)
_INDEXED = frozenset({"dead", "label", "args"})


def is_var(value: str | None, kind: str) -> bool:
    """Whether ``value`` is a variable of ``kind`` ("x" entity, "e" event, "h" handle)."""
    # ``value[:1] == kind``, with the first character read rather than sliced (asked ~300 times
    # per interpretation)
    if value:
        return value[0] == kind
    return value is not None and kind == ""


def is_handle(value: str | None) -> bool:
    return value[0] == "h" if value else False


class WorkingMRS:
    """A mutable copy of an MRS: EPs, qeq constraints, and indexes the rewrites keep current."""

    def __init__(self, top: str, eps: list[EP], qeq: dict[str, str]):
        self.top = top
        self.eps = eps
        self.qeq = dict(qeq)
        self.fresh = 0
        #: edits of the EPs so far, and (edits, number of EPs) when the indexes were last built
        self.edits = Edits()
        self._indexed: tuple[int, int] = (-1, -1)
        #: how many EPs, from the first, hold this copy's edit count, and the last of them. Every
        #: writer of ``eps`` only appends, so a rebuild stamps the new ones only; a shorter list or
        #: another last stamped EP restamps all, but an EP replaced before the last stamped one is
        #: not noticed: writers must append
        self._stamped: tuple[int, EP | None] = (0, None)
        #: the stamped EPs by ``id`` (what the edit count records of them)
        self._by_id: dict[int, EP] = {}
        self.live: list[EP] = []
        self.by_label: dict[str, list[EP]] = {}
        self.quant_of: dict[str, EP] = {}
        self.reindex()

    # -- indexes
    def reindex(self) -> None:
        """Bring the live-EP, label and quantifier indexes up to date after edits: with no EP
        edited or added since they were last built, they stand; after kills, new ``args`` that
        change no quantifier, and added EPs, copies of them are updated (so that a list or dict
        read before stays as it was); after any other edit, they are rebuilt."""
        eps = self.eps
        counter = self.edits
        count, indexed = self._indexed
        n = len(eps)
        if count == counter.count and indexed == n:
            return
        stamped, last = self._stamped
        if 0 < indexed == stamped <= n and eps[stamped - 1] is last:
            if count != counter.count and not counter.full and self._update(counter.touched, indexed):
                counter.touched.clear()
                self._indexed = (counter.count, indexed)
            if self._indexed[0] == counter.count:
                if indexed < n:
                    self._index_added(eps, stamped, n)
                return
        counter.touched.clear()
        counter.full = False
        if stamped > n or (stamped and eps[stamped - 1] is not last):
            stamped = 0
            self._by_id = {}
        for k in range(stamped, n):
            e = eps[k]
            _EDITS_SET(e, counter)
            self._by_id[id(e)] = e
        if n:
            self._stamped = (n, eps[-1])
        live = [e for e in eps if not e.dead]
        by_label: dict[str, list[EP]] = {}
        quant_of: dict[str, EP] = {}
        self.live, self.by_label, self.quant_of = live, by_label, quant_of
        for e in live:
            args = e.args
            arg0 = args.get("ARG0")
            if arg0 != e.arg0:  # an ARG0 written into args in place (see EP)
                _ARG0(e, arg0)
            at = by_label.get(e.label)
            if at is None:
                by_label[e.label] = [e]
            else:
                at.append(e)
            if "RSTR" in args:  # e.is_quantifier(), inlined: reindex runs after every rewrite
                if arg0 is None:
                    raise UninterpretableMRS(f"quantifier {e.pred} binds no variable")
                if arg0 in quant_of:
                    raise UninterpretableMRS(f"variable {arg0} has two quantifiers")
                quant_of[arg0] = e
        self._indexed = (counter.count, n)

    def _update(self, touched: list[int], indexed: int) -> bool:
        """Update copies of the indexes for the EPs of ids ``touched``, among the first ``indexed``,
        killed or given new ``args`` (no other edit) since they were built, as a rebuild would;
        False (nothing done) where only a rebuild can: an EP became a quantifier, or a quantifier
        binds another variable or none."""
        quantifiers = {id(q): v for v, q in self.quant_of.items()}
        by_id = self._by_id
        killed = []
        for i in dict.fromkeys(touched):
            e = by_id.get(i)  # None: an EP no longer in ``eps``, which no index holds
            if e is None:
                continue
            if e.dead:
                killed.append(e)
                continue
            v = quantifiers.get(id(e))
            args = e.args
            arg0 = args.get("ARG0")
            if arg0 != e.arg0:  # an ARG0 written into args in place (see EP)
                _ARG0(e, arg0)
            if v is None:
                if "RSTR" in args:
                    return False  # a new quantifier: its place in quant_of's order
            elif "RSTR" not in args or arg0 != v:
                return False
        if not killed:
            return True
        self.live = [e for e in self.live if not e.dead]
        by_label = self.by_label = dict(self.by_label)
        quant_of = None
        for e in killed:
            at = by_label.get(e.label)
            if at is not None and any(x is e for x in at):
                kept = [x for x in at if not x.dead]
                if kept:
                    by_label[e.label] = kept
                else:
                    del by_label[e.label]
            v = quantifiers.get(id(e))
            if v is not None:
                if quant_of is None:
                    quant_of = self.quant_of = dict(self.quant_of)
                quant_of.pop(v, None)
        return True

    def _index_added(self, eps: list[EP], start: int, n: int) -> None:
        """Index ``eps[start:n]``, added since the indexes were built with no EP edited, as a
        rebuild would (the same order, the same errors)."""
        counter = self.edits
        added = [e for e in eps[start:n] if not e.dead]
        by_id = self._by_id
        for e in eps[start:n]:
            _EDITS_SET(e, counter)
            by_id[id(e)] = e
        self._stamped = (n, eps[-1])
        live = self.live + added
        by_label = dict(self.by_label)
        quant_of = self.quant_of
        copied = False
        fresh: set[str] = set()  # labels whose list is this call's copy
        for e in added:
            args = e.args
            arg0 = args.get("ARG0")
            if arg0 != e.arg0:
                _ARG0(e, arg0)
            label = e.label
            at = by_label.get(label)
            if at is None:
                by_label[label] = [e]
                fresh.add(label)
            elif label in fresh:
                at.append(e)
            else:
                by_label[label] = at + [e]
                fresh.add(label)
            if "RSTR" in args:
                if arg0 is None:
                    raise UninterpretableMRS(f"quantifier {e.pred} binds no variable")
                if arg0 in quant_of:
                    raise UninterpretableMRS(f"variable {arg0} has two quantifiers")
                if not copied:
                    quant_of, copied = dict(quant_of), True
                quant_of[arg0] = e
        self.live, self.by_label, self.quant_of = live, by_label, quant_of
        self._indexed = (counter.count, n)

    def target(self, hole: str) -> str:
        """The label a hole is (qeq-)plugged with."""
        if hole in self.by_label:
            return hole
        lo = self.qeq.get(hole)
        if lo is None:
            raise UninterpretableMRS(f"hole {hole} has no qeq")
        return lo

    def rstr_label(self, q: EP) -> str:
        """The label of quantifier ``q``'s restrictor."""
        return self.target(q.args["RSTR"])

    def at(self, label: str) -> list[EP]:
        """The live EPs at ``label`` (a new list)."""
        found = self.by_label.get(label)
        if found is None:
            return []
        if self.edits.count == self._indexed[0]:
            return found[:]  # no EP edited (killed) since the indexes were built
        return [e for e in found if not e.dead]

    def new_name(self, prefix: str) -> str:
        self.fresh += 1
        return f"{prefix}#{self.fresh}"

    # -- edits
    def kill(self, *eps: EP) -> None:
        for e in eps:
            e.dead = True

    def relabel(self, old: str, new: str) -> None:
        for e in self.live:
            if e.label == old and not e.dead:
                e.label = new

    def substitute(self, old: str, new: str) -> None:
        self.edits.count += 1  # a quantifier's ARG0 may change in place
        self.edits.full = True
        for e in self.live:
            if e.dead:
                continue
            args = e.args
            for role, value in args.items():
                if value == old:
                    args[role] = new
                    if role == "ARG0":
                        _ARG0(e, new)


def as_mrs(mrs: Any) -> Any:
    """A pydelphin MRS from an MRS, a DMRS or a SimpleMRS string; :class:`UninterpretableMRS`
    if the input is none of them or cannot be read."""
    from delphin.exceptions import PyDelphinException

    if isinstance(mrs, str):
        from delphin.codecs import simplemrs

        try:
            return simplemrs.decode(mrs)
        # pydelphin's decoder raises StopIteration on truncated text and ValueError on a bad
        # scope relation ("h0 foo h1"), besides its own syntax errors
        except (PyDelphinException, StopIteration, ValueError) as exc:
            message = " ".join(str(exc).split()) or type(exc).__name__
            raise UninterpretableMRS(f"not SimpleMRS: {message}") from None
    if hasattr(mrs, "nodes") and not hasattr(mrs, "rels"):  # a DMRS
        from delphin import mrs as delphin_mrs

        try:
            return delphin_mrs.from_dmrs(mrs)
        except (PyDelphinException, KeyError) as exc:  # KeyError: a link to a missing node
            raise UninterpretableMRS(f"malformed DMRS: {type(exc).__name__} {exc}") from None
    if not hasattr(mrs, "rels"):
        raise UninterpretableMRS(f"not an MRS: {type(mrs).__name__}")
    return mrs


def load(mrs: Any) -> WorkingMRS:
    """Copy an MRS (or DMRS, or SimpleMRS string) into a :class:`WorkingMRS`."""
    form = plain_form(mrs)
    if form is None:
        form = plain_of(as_mrs(mrs))
    eps = []
    variables = form.variables
    for i, (predicate, label, args, lnk, *_rest) in enumerate(form.eps):
        carg = args.get("CARG")
        args = {k: v for k, v in args.items() if k != "CARG"} if carg is not None else dict(args)
        cfrom = cfrom_cto(lnk)[0] if lnk is not None else -1
        if cfrom < 0:
            cfrom = i
        e = EP(normalize_predicate(predicate), label, args, carg, (cfrom, i))
        if "RSTR" in args:  # a quantifier: the number and person of its variable
            props = variables.get(args.get("ARG0")) or {}  # type: ignore[arg-type]
            e.mods.plural = str(props.get("NUM", "")).lower() == "pl"
            e.mods.person = str(props.get("PERS", ""))
        eps.append(e)
    qeq = {hi: lo for hi, relation, lo in form.hcons if relation == "qeq"}
    if form.top is None:
        raise UninterpretableMRS("MRS without a top handle")
    return WorkingMRS(form.top, eps, qeq)


__all__ = ["EP", "REL", "QuantifierMods", "Relation", "WorkingMRS", "as_mrs", "is_handle", "is_var", "load"]
