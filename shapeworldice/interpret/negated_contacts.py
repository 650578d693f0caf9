""""The shapes do not overlap.", "The two circles do not touch.": a contact verb with no object,
negated, said of a definite plural, says that none of them overlaps (touches) another of them, as
"None of the shapes overlap." does. Read as "not (the shapes overlap)", it was vague whenever one
shape of the group overlapped nothing, though two others clearly overlapped.
"""
from __future__ import annotations

from .predicates import CONTACT_VERBS, names_entity, split_predicate
from .working_mrs import WorkingMRS, is_var


def negated_contacts(w: WorkingMRS) -> None:
    """``neg`` over an object-less contact verb whose subject is a plural "the" → ``_no_q``."""
    for neg in list(w.live):
        if neg.dead or neg.pred != "neg":
            continue
        below = w.qeq.get(neg.args.get("ARG1") or "")
        verbs = w.at(below) if below else []
        if len(verbs) != 1:
            continue
        verb = verbs[0]
        lemma, pos, _ = split_predicate(verb.pred)
        x = verb.args.get("ARG1")
        q = w.quant_of.get(x or "")
        if (pos != "v" or lemma.split("/")[0] not in CONTACT_VERBS or is_var(verb.args.get("ARG2"), "x")
                or q is None or q.pred != "_the_q" or not q.mods.plural or q.mods.card is not None):
            continue
        nouns = w.at(w.rstr_label(q))
        if not any(n.arg0 == x and names_entity(n.pred) for n in nouns) or any(n.pred == "card" for n in nouns):
            continue
        q.pred = "_no_q"
        verb.label = neg.label
        w.kill(neg)
    w.reindex()


__all__ = ["negated_contacts"]
