"""DMRS graph comparison: isomorphism up to node ids, spans and most variable properties.

Two DMRSs are isomorphic when there is a bijection of their nodes that preserves predicates,
constant arguments, the chosen variable properties (by default NUM and PERS), every link
(role and post-slash label), and the top and index nodes.  Used to check the grammar's
readings against the ERG's (``tests/fixtures/erg/readings.jsonl.gz``).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

PROPERTIES = ("NUM", "PERS")


class _Graph:
    __slots__ = ("labels", "out", "inn", "n", "sig")

    def __init__(self, d: Any, properties: Iterable[str]):
        props = tuple(properties)
        ids = [node.id for node in d.nodes]
        pos = {nid: i for i, nid in enumerate(ids)}
        self.n = len(ids)
        labels = []
        for node in d.nodes:
            p = node.properties or {}
            lab = (node.predicate, node.carg,
                   tuple((k, str(p[k]).lower()) for k in props if k in p),
                   node.id == d.top, node.id == d.index)
            labels.append(lab)
        self.labels = labels
        self.out: list[list[tuple[int, str]]] = [[] for _ in ids]
        self.inn: list[list[tuple[int, str]]] = [[] for _ in ids]
        for link in d.links:
            if link.start not in pos or link.end not in pos:
                continue
            s, e = pos[link.start], pos[link.end]
            edge = f"{link.role}/{link.post}"
            self.out[s].append((e, edge))
            self.inn[e].append((s, edge))
        self.sig = [
            (labels[i], tuple(sorted(lab for _, lab in self.out[i])), tuple(sorted(lab for _, lab in self.inn[i])))
            for i in range(self.n)
        ]


def isomorphic(d1: Any, d2: Any, properties: Iterable[str] = PROPERTIES) -> bool:
    """Whether two pydelphin DMRS objects are isomorphic (see the module docstring)."""
    g1, g2 = _Graph(d1, properties), _Graph(d2, properties)
    if g1.n != g2.n or Counter(g1.sig) != Counter(g2.sig):
        return False
    cands = []
    for i in range(g1.n):
        cands.append([j for j in range(g2.n) if g2.sig[j] == g1.sig[i]])
    order = sorted(range(g1.n), key=lambda i: len(cands[i]))
    m12: dict[int, int] = {}
    used: set[int] = set()

    def consistent(i: int, j: int) -> bool:
        for e, lab in g1.out[i]:
            if e in m12:
                if (m12[e], lab) not in g2.out[j]:
                    return False
        for s, lab in g1.inn[i]:
            if s in m12:
                if (m12[s], lab) not in g2.inn[j]:
                    return False
        return True

    def search(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for j in cands[i]:
            if j in used or not consistent(i, j):
                continue
            m12[i] = j
            used.add(j)
            if search(k + 1):
                return True
            del m12[i]
            used.discard(j)
        return False

    return search(0)


def signature(d: Any, properties: Iterable[str] = PROPERTIES) -> str:
    """A readable one-line summary of a DMRS (for diagnostics)."""
    g = _Graph(d, properties)
    parts = []
    for i in range(g.n):
        pred, carg, props, top, index = g.labels[i]
        name = pred + (f"({carg})" if carg else "") + "".join(f".{v}" for _, v in props)
        mark = ("^" if top else "") + ("*" if index else "")
        links = ",".join(f"{lab}->{g.labels[e][0]}" for e, lab in g.out[i])
        parts.append(f"{mark}{name}[{links}]")
    return " ".join(sorted(parts))


__all__ = ["isomorphic", "signature", "PROPERTIES"]
