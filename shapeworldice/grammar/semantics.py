"""Semantic composition: a derivation tree → an ERG-style MRS (a pydelphin MRS built when first read).

Each lexical item instantiates its semantic template (fresh variables); each rule combines
its daughters' hooks and slots as its ``sem:`` spec says (variable identification through a
union-find, constructional EPs, qeq constraints).  The result is a
``delphin.mrs.MRS`` (:class:`.mrs_form.ComposedMRS`) with TOP qeq the root's LTOP and INDEX the root's index.
"""
from __future__ import annotations

from typing import Any

from .loader import GrammarError, SemSpec, Term
from .mrs_form import ComposedMRS, PlainEP, complete

_SORT_RANK = {"u": 0, "i": 1, "h": 2, "x": 2, "e": 2}


class _Vars:
    """Union-find over variables; each root has a sort and properties (None until it has any:
    most variables never do, and a composition makes thousands)."""

    __slots__ = ("parent", "sort", "props", "conflicts")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.sort: list[str] = []
        self.props: list[dict[str, str] | None] = []
        self.conflicts = 0  # identifications of incompatible sorts (a grammar bug; tests keep it at 0)

    def new(self, sort: str, props: dict[str, str] | None = None) -> int:
        v = len(self.parent)
        self.parent.append(v)
        self.sort.append(sort)
        self.props.append(dict(props) if props else None)
        return v

    def find(self, v: int) -> int:
        parent = self.parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def union(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a == b:
            return
        sa, sb = self.sort[a], self.sort[b]
        if _SORT_RANK[sa] < _SORT_RANK[sb]:
            a, b = b, a
            sa, sb = sb, sa
        if _SORT_RANK[sa] == 2 and _SORT_RANK[sb] == 2 and sa != sb:
            self.conflicts += 1  # keep going: an MRS is still produced (never raise on user input)
        self.parent[b] = a
        moved = self.props[b]
        if moved:
            kept = self.props[a]
            if kept is None:
                self.props[a] = kept = {}
            for k, v in moved.items():
                kept.setdefault(k, v)


class Builder:
    """Accumulates EPs and constraints while a derivation is interpreted."""

    def __init__(self) -> None:
        self.vars = _Vars()
        self.eps: list[tuple[str, int, list[tuple[str, Any]]]] = []
        self.qeqs: list[tuple[int, int]] = []

    def _term(self, t: Term, local: dict[str, int], daughters, params: dict[str, str]):
        if t.kind == "const":
            return ("const", t.name)
        if t.kind == "param":
            value = params.get(t.name)
            if value is None:
                raise GrammarError(f"semantics: no value for ${t.name}")
            return ("const", value)
        if t.ref is not None:  # kind 'ref': only those carry a daughter field
            i, f = t.ref
            try:
                v = daughters[i][f]
            except (IndexError, KeyError):
                raise GrammarError(f"semantics: daughter {i} has no {f!r}") from None
        else:
            v = local.get(t.name)
            if v is None:
                v = self.vars.new(t.name[0])
                local[t.name] = v
        if t.props:
            root = self.vars.find(v)
            props = self.vars.props[root]
            if props is None:
                self.vars.props[root] = props = {}
            for k, val in t.props:
                if val.startswith("$"):
                    val = params.get(val[1:], "")
                    if not val:
                        continue
                props[k] = val
        return v

    def apply(self, spec: SemSpec, daughters: list[dict[str, int]], params: dict[str, str]) -> dict[str, int]:
        local: dict[str, int] = {}
        union = self.vars.union
        for a, b, refs in _equations(spec):
            if refs is not None:  # two daughters' fields (most equations): read directly
                try:
                    va, vb = daughters[refs[0]][refs[1]], daughters[refs[2]][refs[3]]
                except (IndexError, KeyError):  # :meth:`_term` names the missing field
                    va, vb = self._term(a, local, daughters, params), self._term(b, local, daughters, params)
            else:
                va = self._term(a, local, daughters, params)
                vb = self._term(b, local, daughters, params)
            union(va, vb)
        for ep in spec.eps:
            pred = ep.pred
            if pred.startswith("$"):
                pred = params.get(pred[1:], "")
                if not pred:
                    raise GrammarError(f"semantics: no predicate for {ep.pred}")
            label = None
            roles = []
            for role, t in ep.roles:
                v = self._term(t, local, daughters, params)
                if role == "LBL":
                    label = v
                else:
                    roles.append((role, v))
            if label is None:
                label = self.vars.new("h")
            self.eps.append((pred, label, roles))
        for a, b in spec.qeqs:
            self.qeqs.append((self._term(a, local, daughters, params), self._term(b, local, daughters, params)))
        if spec.head is not None:
            hook = dict(daughters[spec.head])
        else:
            hook = {}
        for name, t in spec.hook.items():
            hook[name] = self._term(t, local, daughters, params)
        return hook

    def apply_leaf(self, spec: SemSpec, params: dict[str, str]) -> dict[str, int]:
        """:meth:`apply` for a lexical item (no daughters), from the item's template: what
        :meth:`apply` does for it depends on nothing else, so it is done once, on a builder of its
        own (:func:`_leaf`), and copied here with its variables numbered after this builder's."""
        vars_, eps, template = self.vars, self.eps, _leaf(spec, params)
        base = len(vars_.parent)
        t_parent, t_sort, t_props, t_eps, t_qeqs, t_hook, conflicts = template
        vars_.parent.extend([v + base for v in t_parent])
        vars_.sort.extend(t_sort)
        vars_.props.extend([dict(p) if p is not None else None for p in t_props])  # each builder's own
        vars_.conflicts += conflicts
        for pred, label, roles in t_eps:
            eps.append((pred, label + base, [(role, v + base) if v.__class__ is int else (role, v)
                                             for role, v in roles]))
        if t_qeqs:
            self.qeqs.extend([(a + base, b + base) for a, b in t_qeqs])
        return {k: (v + base if v.__class__ is int else v) for k, v in t_hook}

    def to_mrs(self, hook: dict[str, int]) -> ComposedMRS:
        """The MRS (its pydelphin objects built when first read: :mod:`.mrs_form`)."""
        vars_ = self.vars
        find, sort = vars_.find, vars_.sort
        names: dict[int, str] = {}

        def name(v: int) -> str:
            r = find(v)
            n = names.get(r)
            if n is None:
                n = f"{sort[r]}{len(names) + 1}"
                names[r] = n
            return n

        index = name(hook["index"]) if "index" in hook else None
        eps: list[PlainEP] = []
        for pred, label, roles in self.eps:
            args = {role: (v[1] if v.__class__ is tuple else name(v)) for role, v in roles}
            eps.append((pred, name(label), args, None, None, None))
        top = "h0"
        hcons = [(top, "qeq", name(hook["ltop"]))]
        hcons += [(name(a), "qeq", name(b)) for a, b in self.qeqs]
        props = vars_.props
        self.sort_conflicts = self.vars.conflicts
        variables = {n: props[r] or {} for r, n in names.items()}
        return ComposedMRS(complete(top, index, eps, hcons, [], variables))


#: :func:`_equations` of the specs met, by identity (kept with the spec, so that an id is not reused)
_EQUATIONS: dict[int, tuple[SemSpec, tuple]] = {}


def _equations(spec: SemSpec) -> tuple[tuple[Term, Term, tuple[int, str, int, str] | None], ...]:
    """``spec``'s equations as (term, term, refs): ``refs`` the two daughter fields they name
    when both are daughters' fields without properties (what :meth:`Builder._term` reads then
    is the field itself), else None."""
    hit = _EQUATIONS.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    plan = tuple((a, b, (*a.ref, *b.ref) if a.ref is not None and b.ref is not None and _plain_ref(a) and _plain_ref(b)
                  else None) for a, b in spec.eqs)
    if len(_EQUATIONS) >= 100_000:
        _EQUATIONS.clear()
    _EQUATIONS[id(spec)] = (spec, plan)
    return plan


def _plain_ref(t: Term) -> bool:
    """Whether :meth:`Builder._term` reads ``t`` as a daughter's field and nothing else."""
    return t.kind not in ("const", "param") and t.ref is not None and not t.props


#: what :meth:`Builder.apply` does for a lexical item, by the identity of its template and parameters
#: (kept with them, so that an id is not reused): the builder's variables (parents, sorts,
#: properties), EPs and qeqs, the hook's fields, and the sort conflicts met
_LEAVES: dict[tuple[int, int], tuple[Any, Any, tuple]] = {}


def _leaf(spec: SemSpec, params: dict[str, str]) -> tuple:
    key = (id(spec), id(params))
    hit = _LEAVES.get(key)
    if hit is not None and hit[0] is spec and hit[1] is params:
        return hit[2]
    b = Builder()
    hook = b.apply(spec, [], params)
    v = b.vars
    template = (tuple(v.parent), tuple(v.sort), tuple(v.props), tuple(b.eps), tuple(b.qeqs), tuple(hook.items()),
                v.conflicts)
    if len(_LEAVES) >= 100_000:
        _LEAVES.clear()
    _LEAVES[key] = (spec, params, template)
    return template


__all__ = ["Builder"]
