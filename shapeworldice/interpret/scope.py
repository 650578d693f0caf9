"""Scope resolution: where each quantifier of a normalised MRS goes.

The qeq constraints give a tree of holes and labels for the top and for every restrictor.
Each quantifier goes to the lowest scopal position that dominates every use of its variable;
a quantifier that comes before a ``neg`` in the sentence outscopes it ("A square is not
red": some square is not red); quantifiers at the same position nest in surface order. This
is the natural reading for every construction of the caption language; other scopings are
not enumerated.
"""
from __future__ import annotations

from .errors import UninterpretableMRS
from .working_mrs import EP, WorkingMRS, is_handle


class LabelNode:
    """A label of the scope tree: its EPs, and the hole each of their scopal arguments opens."""

    __slots__ = ("eps", "holes", "parent")

    def __init__(self, eps: list[EP], parent: HoleNode):
        self.eps = eps
        self.holes: dict[tuple[int, str], HoleNode] = {}  # (id(ep), role) → hole
        self.parent = parent


class HoleNode:
    """A hole of the scope tree: the label plugging it and the quantifiers placed there."""

    __slots__ = ("parent", "target", "quants", "owner", "op")

    def __init__(self, parent: LabelNode | None, owner: EP | None, op: EP | None):
        self.parent = parent  # the label node whose EP has this hole (None at a root)
        self.owner = owner  # the quantifier whose restrictor this root is
        self.op = op  # the EP owning the hole
        self.target: LabelNode | None = None
        self.quants: list[EP] = []

    def plug(self) -> LabelNode:
        """The label plugging the hole (set while the tree is built)."""
        if self.target is None:  # pragma: no cover - the tree is built before it is read
            raise RuntimeError("hole read before its label was set")
        return self.target


def _scopal_roles(e: EP) -> list[str]:
    return [r for r, v in e.args.items() if r not in ("RSTR", "BODY", "ARG0") and is_handle(v)]


Chain = list[tuple[HoleNode, "EP | None"]]


class Scope:
    """Qeq skeletons of the top and of every restrictor, plus quantifier placement."""

    def __init__(self, w: WorkingMRS):
        self.w = w
        self.quants = [e for e in w.live if e.is_quantifier()]
        for q in self.quants:
            if len(w.at(q.label)) != 1:
                raise UninterpretableMRS(f"{q.pred} shares its label with other predicates")
        self.node_of: dict[int, LabelNode] = {}  # id(ep) → label node
        self.used_labels: set[str] = set()
        self.root = self._hole(w.top, None, None, None)
        self.rstr: dict[int, HoleNode] = {}  # id(quantifier) → its restrictor's root
        for q in self.quants:
            self.rstr[id(q)] = self._hole(q.args["RSTR"], None, q, None)
        for e in w.live:
            if not e.is_quantifier() and id(e) not in self.node_of:
                raise UninterpretableMRS(f"{e.pred} floats outside the scope tree")
        self.place_of: dict[int, HoleNode] = {}
        self.above: dict[int, set[int]] = {}
        self._place_all()

    def _hole(self, name: str, parent: LabelNode | None, owner: EP | None, op: EP | None) -> HoleNode:
        h = HoleNode(parent, owner, op)
        label = self.w.target(name)
        if label in self.used_labels:
            raise UninterpretableMRS(f"label {label} plugged twice")
        self.used_labels.add(label)
        eps = self.w.at(label)
        if not eps:
            raise UninterpretableMRS(f"hole {name} plugs an empty label")
        if any(e.is_quantifier() for e in eps):
            raise UninterpretableMRS("a quantifier is qeq-plugged")
        node = LabelNode(eps, h)
        h.target = node
        for e in eps:
            self.node_of[id(e)] = node
            for role in _scopal_roles(e):
                node.holes[(id(e), role)] = self._hole(e.args[role], node, None, e)
        return h

    # -- ancestry
    def _chain(self, h: HoleNode) -> Chain | None:
        """Holes from ``h`` up to the top, each with the quantifier passed to reach it
        (a use inside Q's restrictor reaches Q's position 'through' Q); None if some
        restrictor on the way is not placed yet."""
        out: Chain = [(h, None)]
        while True:
            if h.parent is not None:
                h = h.parent.parent
                out.append((h, None))
                continue
            if h.owner is None:
                return out
            place = self.place_of.get(id(h.owner))
            if place is None:
                return None
            out.append((place, h.owner))
            h = place

    @staticmethod
    def _root_of(h: HoleNode) -> HoleNode:
        while h.parent is not None:
            h = h.parent.parent
        return h

    @staticmethod
    def _local_chain(h: HoleNode) -> Chain:
        out: Chain = [(h, None)]
        while h.parent is not None:
            h = h.parent.parent
            out.append((h, None))
        return out

    def _uses(self, q: EP) -> list[HoleNode]:
        """The holes directly above every use of ``q``'s variable outside its own restrictor."""
        v = q.arg0
        own = self.rstr[id(q)]
        sites = []
        for e in self.w.live:
            if e.is_quantifier() or v not in e.args.values():
                continue
            h = self.node_of[id(e)].parent
            if self._root_of(h) is not own:
                sites.append(h)
        return sites

    def _place_all(self) -> None:
        uses = {id(q): self._uses(q) for q in self.quants}
        pending = sorted(self.quants, key=lambda q: q.key)
        while pending:
            progress = False
            for q in list(pending):
                sites = uses[id(q)]
                if not sites:
                    self._put(q, self.root, set())
                    pending.remove(q)
                    progress = True
                    continue
                if len({id(self._root_of(h)) for h in sites}) == 1:
                    chains = [self._local_chain(s) for s in sites]
                else:
                    found = [self._chain(s) for s in sites]
                    if any(c is None for c in found):
                        continue
                    chains = [c for c in found if c is not None]
                lca, through = self._lca(chains)
                lca = self._raise_over_negation(lca, q)
                self._put(q, lca, through)
                pending.remove(q)
                progress = True
            if not progress:
                raise UninterpretableMRS("quantifiers with circular restrictors")

    @staticmethod
    def _lca(chains: list[Chain]) -> tuple[HoleNode, set[int]]:
        common = set(id(h) for h, _ in chains[0])
        for c in chains[1:]:
            common &= set(id(h) for h, _ in c)
        if not common:
            raise UninterpretableMRS("uses of a variable share no scope")
        lca = next(h for h, _ in chains[0] if id(h) in common)
        through: set[int] = set()
        for c in chains:
            for h, via in c:
                if h is lca:
                    if via is not None:
                        through.add(id(via))
                    break
        return lca, through

    @staticmethod
    def _raise_over_negation(h: HoleNode, q: EP) -> HoleNode:
        while h.op is not None and h.op.pred == "neg" and h.op.key > q.key and h.parent is not None:
            h = h.parent.parent
        return h

    def _put(self, q: EP, h: HoleNode, through: set[int]) -> None:
        h.quants.append(q)
        self.place_of[id(q)] = h
        self.above[id(q)] = through

    def ordered(self, h: HoleNode) -> list[EP]:
        """Quantifiers at a hole, outermost first: constraints, then surface order."""
        remaining = sorted(h.quants, key=lambda q: q.key)
        out: list[EP] = []
        while remaining:
            for q in remaining:
                # q may go next if no remaining quantifier must be above it
                if not any(id(q) in self.above[id(r)] for r in remaining if r is not q):
                    out.append(q)
                    remaining.remove(q)
                    break
            else:
                raise UninterpretableMRS("circular scope constraints")
        return out


__all__ = ["HoleNode", "LabelNode", "Scope"]
