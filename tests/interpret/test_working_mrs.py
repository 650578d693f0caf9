"""The working copy's indexes (:meth:`WorkingMRS.reindex`) after any sequence of edits: EPs
appended, inserted before others, killed and relabelled, the EP list replaced by a longer one."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shapeworldice.interpret.working_mrs import EP, WorkingMRS

LABELS = ["h1", "h2", "h3"]

edits = st.lists(st.tuples(st.sampled_from(["append", "insert", "kill", "relabel", "replace"]),
                           st.integers(0, 50), st.sampled_from(LABELS)), max_size=30)


def fresh(w: WorkingMRS) -> tuple:
    """The indexes of ``w``'s EPs built from scratch (not through another working copy, which
    would take the EPs' edit counts over)."""
    live = [e for e in w.eps if not e.dead]
    by_label: dict[str, list[EP]] = {}
    for e in live:
        by_label.setdefault(e.label, []).append(e)
    return live, by_label, {e.args["ARG0"]: e for e in live if "RSTR" in e.args}


@settings(max_examples=80, deadline=None)
@given(edits)
def test_indexes_follow_every_edit(steps):
    """Each edit of an EP, wherever it sits in the list and however it got there, reaches the
    indexes: after every rebuild they are those of a fresh copy of the same EPs."""
    w = WorkingMRS("h0", [EP("_square_n_1", "h1", {"ARG0": "x1"}, None, (0, 0))], {})
    made = 1
    for what, k, label in steps:
        if what in ("append", "insert"):
            made += 1
            e = EP("_a_q", label, {"ARG0": f"x{made}", "RSTR": "h9", "BODY": "h8"}, None, (made, made)) \
                if k % 3 == 0 else EP("_circle_n_1", label, {"ARG0": f"x{made}"}, None, (made, made))
            if what == "append":
                w.eps.append(e)
            else:
                w.eps.insert(k % (len(w.eps) + 1), e)
        elif what == "replace":  # a new list of the same EPs and one more
            made += 1
            w.eps = [*w.eps, EP("_circle_n_1", label, {"ARG0": f"x{made}"}, None, (made, made))]
        else:
            live = [e for e in w.eps if not e.dead]
            if not live:
                continue
            e = live[k % len(live)]
            if what == "kill":
                e.dead = True
            else:
                e.label = label
        w.reindex()
        assert (w.live, w.by_label, w.quant_of) == fresh(w)
        # a later edit of any EP is seen too
        if w.live:
            w.live[0].label = "h7"
            w.reindex()
            assert w.by_label == fresh(w)[1]
