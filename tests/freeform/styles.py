"""The well-formed caption styles of the free-form corpus, one function each.

A style function takes a :class:`~.scene.Scene`, a generator and the truth it aims at, and
returns a :class:`~.scene.Draft` (text plus the claims it makes) or None when this world offers
nothing for it. ``kind`` names the construction within the style, for the per-kind figures.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .english import (
    ALIEN_COLORS, ALIEN_SHAPES, NUMBERS, SYN_COLOR, SYN_SHAPE, a, article, listing, numeral, pick, rel_phrase,
    sentence, the, words,
)
from .labels import Claim, Desc, Rel
from .scene import Draft, Scene, exists, spatial
from .worlds import COLORS, SHAPES

COLOR_NAMES = tuple(COLORS)

NP_FRAMES = (("the-image-shows", "the image shows {}"), ("picture-contains", "the picture contains {}"),
             ("image-depicts", "the image depicts {}"), ("i-can-see", "I can see {}"), ("we-see", "we see {}"),
             ("this-image-shows", "this image shows {}"), ("this-is-an-image-of", "this is an image of {}"))
S_FRAMES = (("in-the-image", "in the image, {}"), ("in-the-picture", "{} in the picture"),
            ("shows-that", "the image shows that {}"), ("see-that", "I can see that {}"))


def _clause(d1: Desc, name: str, d2: Desc, rng: Optional[np.random.Generator] = None, other: bool = False,
            syn: bool = False) -> str:
    """ "a red square is above a blue circle" (lower-case, no full stop)."""
    return f"{a(d1, syn)} is {rel_phrase(name, rng, other)} {a(d2, syn)}"


def _spatial_part(rng: np.random.Generator, scene: Scene, want: bool, other: bool = False,
                  syn: bool = False) -> Optional[tuple[str, Claim]]:
    fact = scene.fact(rng, want)
    if fact is None:
        return None
    d1, name, d2 = fact
    return _clause(d1, name, d2, rng, other, syn), exists(spatial(d1, name, d2))


def _mixed(rng: np.random.Generator, want: bool, k: int) -> list[bool]:
    """Aims for k parts: all true, or (not ``want``) one of them false."""
    aims = [True] * k
    if not want:
        aims[int(rng.integers(k))] = False
    return aims


def _mentions(scene: Scene, rng: np.random.Generator, aims: list[bool]) -> list[Desc]:
    """Descriptions of present (aim true) or absent things, no two alike."""
    descs: list[Desc] = []
    for aim in aims:
        for _ in range(10):
            d = scene.mention(rng, aim)
            if d not in descs:
                break
        descs.append(d)
    return descs


def _group_items(scene: Scene, rng: np.random.Generator, want: bool, subset: bool
                 ) -> list[tuple[str, Claim]]:
    """List items "two red squares", "a blue circle" for kinds of entity (all, or a random subset
    of at least two); for a false list one item is miscounted upward or swapped for an absent kind."""
    groups = scene.groups()
    if subset and len(groups) > 2:
        order = rng.permutation(len(groups))
        groups = [groups[int(i)] for i in order[:int(rng.integers(2, len(groups) + 1))]]
    items = []
    for desc, k in groups:
        items.append((numeral(desc, k), exists(desc) if k == 1 else Claim("count", desc, n=k)))
    if not want:
        i = int(rng.integers(len(items)))
        desc, k = groups[i]
        if rng.random() < 0.4:
            n = k + int(rng.integers(1, 3))
            items[i] = (numeral(desc, n), Claim("count", desc, n=n))
        else:
            absent = scene.absent(rng)
            items[i] = (a(absent), exists(absent))
    return items


def template(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Captions of the template language (the sanity check: the evaluator reads these today)."""
    kind = pick(rng, ("there-is", "spatial", "copula", "there-and", "exactly"))
    if kind == "there-is":
        d = scene.mention(rng, want)
        text = sentence(f"there is {a(d)}")
        return Draft(kind, text, [(text, exists(d))])
    if kind == "spatial":
        part = _spatial_part(rng, scene, want)
        return None if part is None else Draft(kind, sentence(part[0]), [(sentence(part[0]), part[1])])
    if kind == "copula":
        d = scene.mention(rng, want, ("full",))
        if rng.random() < 0.5:
            text = sentence(f"{a(Desc(shape=d.shape))} is {d.color}")
        else:
            text = sentence(f"{a(Desc(color=d.color))} is {a(Desc(shape=d.shape))}")
        return Draft(kind, text, [(text, exists(d))])
    if kind == "there-and":
        ds = _mentions(scene, rng, _mixed(rng, want, 2))
        parts = [(f"there is {a(d)}", exists(d)) for d in ds]
        return Draft(kind, sentence(" and ".join(p for p, _ in parts)), parts)
    d = scene.present(rng)
    k = scene.count(d)
    n = k if want else pick(rng, (k - 1, k + 1, k + 2))
    verb = "is" if n == 1 else "are"
    subject = words(Desc(shape=d.shape), n) if d.shape and d.color else words(Desc(), n)
    predicate = d.color if d.color else (a(Desc(shape=d.shape)) if n == 1 else words(Desc(shape=d.shape), n))
    text = sentence(f"exactly {NUMBERS[n]} {subject} {verb} {predicate}")
    return Draft(kind, text, [(text, Claim("count", d, n=n, exact=True))])


def framing(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """ "The image shows …", "In the image, …", "… in the picture.", "I can see …", "Shown are …",
    "This is an image of …", "The image shows that …", "I can see that …", "There appears to be …"."""
    kind = pick(rng, tuple(k for k, _ in NP_FRAMES) + tuple(k for k, _ in S_FRAMES) + ("there-is-in-image",
                                                                                     "shown-are", "there-appears"))
    frames = dict(NP_FRAMES + S_FRAMES)
    if kind in tuple(k for k, _ in S_FRAMES):
        if rng.random() < 0.6:
            part = _spatial_part(rng, scene, want)
            if part is None:
                return None
        else:
            d = scene.mention(rng, want)
            part = (f"there is {a(d)}", exists(d))
        return Draft(kind, sentence(frames[kind].format(part[0])), [part])
    if kind in ("there-is-in-image", "there-appears"):
        d = scene.mention(rng, want)
        body = f"there is {a(d)} in the image" if kind == "there-is-in-image" else f"there appears to be {a(d)}"
        text = sentence(body)
        return Draft(kind, text, [(text, exists(d))])
    count = 2 if kind == "shown-are" else int(rng.integers(1, 3))
    parts = [(a(d), exists(d)) for d in _mentions(scene, rng, _mixed(rng, want, count))]
    body = " and ".join(p for p, _ in parts)
    text = sentence(f"shown are {body}" if kind == "shown-are" else frames[kind].format(body))
    return Draft(kind, text, parts)


def definite(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """ "The red square is above the blue circle.", "The square is red.", "Both shapes are …"."""
    things = scene.things
    pairs = ("both", "one-other") if len(things) == 2 else ()
    kind = pick(rng, ("the-rel-the", "the-rel-the", "the-rel-a", "the-color", "the-shape") + pairs * 3)
    if kind == "the-rel-the":
        fact = scene.definite_pair(rng, want)
        if fact is None:
            return None
        d1, name, d2 = fact
        text = sentence(f"{the(d1)} is {rel_phrase(name)} {the(d2)}")
        return Draft(kind, text, [(text, Claim("the", d1, Desc(rels=(Rel(name, "the", d2),))))])
    if kind == "the-rel-a":
        t = pick(rng, things)
        d1 = scene.unique(t, rng)
        fact = scene.fact_about(t, rng, want)
        if d1 is None or fact is None:
            return None
        name, d2 = fact
        text = sentence(f"{the(d1)} is {rel_phrase(name)} {a(d2)}")
        return Draft(kind, text, [(text, Claim("the", d1, Desc(rels=(Rel(name, "a", d2),))))])
    if kind in ("the-color", "the-shape"):
        t = pick(rng, things)
        if kind == "the-color":
            d1 = Desc(shape=t.shape)
            pred = Desc(color=t.color if want else pick(rng, tuple(c for c in COLOR_NAMES if c != t.color)))
            said = pred.color
        else:
            d1 = Desc(color=t.color)
            pred = Desc(shape=t.shape if want else pick(rng, tuple(s for s in SHAPES if s != t.shape)))
            said = a(pred)
        if scene.count(d1) != 1:
            return None
        text = sentence(f"{the(d1)} is {said}")
        return Draft(kind, text, [(text, Claim("the", d1, pred))])
    if len(things) != 2:
        return None
    if kind == "both":
        if rng.random() < 0.5:
            pred = Desc(color=pick(rng, things).color)
            text = sentence(f"both shapes are {pred.color}")
        else:
            pred = Desc(shape=pick(rng, things).shape)
            text = sentence(f"both shapes are {words(pred, 2)}")
        return Draft(kind, text, [(text, Claim("both", pred=pred))])
    first, second = (things if rng.random() < 0.5 else things[::-1])
    d1, d2 = Desc(first.color, first.shape), Desc(second.color, second.shape)
    if not want:
        if rng.random() < 0.5:
            d1 = scene.absent(rng)
        else:
            d2 = scene.absent(rng)
    form = pick(rng, ("one shape is {}, and the other is {}", "one shape is {} and the other one is {}",
                      "one of the shapes is {}, and the other is {}"))
    text = sentence(form.format(a(d1), a(d2)))
    return Draft(kind, text, [(text, Claim("one-other", d1, d2))])


def numerals(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """ "There are two red squares.", "Three shapes are visible.", "Two red squares and a blue circle."."""
    kind = pick(rng, ("there-are-n", "visible", "there-are-n-shapes", "fragment", "n-rel", "framed"))
    total = len(scene.things)
    n_all = total if want else total + int(rng.integers(1, 3))
    if kind == "visible":
        text = sentence(f"{NUMBERS[n_all]} {words(Desc(), n_all)} {'is' if n_all == 1 else 'are'} visible")
        return Draft(kind, text, [(text, Claim("count", Desc(), n=n_all))])
    if kind == "there-are-n-shapes":
        text = sentence(f"there {'is' if n_all == 1 else 'are'} {NUMBERS[n_all]} {words(Desc(), n_all)}")
        return Draft(kind, text, [(text, Claim("count", Desc(), n=n_all))])
    if kind == "there-are-n":
        d = scene.present(rng)
        k = scene.count(d)
        n = k if want else k + int(rng.integers(1, 3))
        if n < 2:
            return None
        text = sentence(f"there are {numeral(d, n)}")
        return Draft(kind, text, [(text, Claim("count", d, n=n))])
    if kind == "n-rel":
        for _ in range(20):
            fact = scene.fact(rng, True)
            if fact is None:
                return None
            d1, name, d2 = fact
            desc = spatial(d1, name, d2)
            k = scene.count(desc)
            if k >= 2 or not want:
                break
        else:
            return None
        n = k if want else max(2, k + 1)
        text = sentence(f"{numeral(d1, n)} are {rel_phrase(name)} {a(d2)}")
        return Draft(kind, text, [(text, Claim("count", desc, n=n))])
    items = _group_items(scene, rng, want, subset=True)
    body = listing([t for t, _ in items], oxford=False)
    if kind == "fragment":
        return Draft(kind, sentence(body), items, fragment=True)
    frame = pick(rng, NP_FRAMES)[1]
    return Draft(kind, sentence(frame.format(body)), items)


def lists(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Noun-phrase lists with and without the Oxford comma, as fragments or framed, and after a colon."""
    kind = pick(rng, ("oxford", "no-oxford", "colon"))
    if kind == "colon":
        wrong_count = not want and rng.random() < 0.3
        items = _group_items(scene, rng, want or wrong_count, subset=False)
        n = len(scene.things) + (int(rng.integers(1, 3)) if wrong_count else 0)
        head = pick(rng, ("the image shows {} {}:", "there are {} {}:", "{} {}:", "I can see {} {}:"))
        if n == 1 and head.startswith("there are"):
            head = "there is {} {}:"
        count_text = head.format(NUMBERS[n], words(Desc(), n))
        body = listing([t for t, _ in items], oxford=bool(rng.random() < 0.5))
        return Draft(kind, sentence(f"{count_text} {body}"), [(count_text, Claim("count", Desc(), n=n))] + items,
                     fragment=head == "{} {}:")
    items = _group_items(scene, rng, want, subset=True)
    if len(items) < 3:
        return None
    body = listing([t for t, _ in items], oxford=kind == "oxford")
    if rng.random() < 0.5:
        return Draft(kind + "-fragment", sentence(body), items, fragment=True)
    return Draft(kind + "-framed", sentence(pick(rng, NP_FRAMES)[1].format(body)), items)


def coordination(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Clauses joined with ", and", "and" or ", but" (the caption is true when every clause is)."""
    kind = pick(rng, ("comma-and-there", "comma-and-spatial", "and-spatial", "but-no", "but-spatial"))
    aims = _mixed(rng, want, 2)
    if kind == "comma-and-there":
        parts = [(f"there is {a(d)}", exists(d)) for d in _mentions(scene, rng, aims)]
        return Draft(kind, sentence(", and ".join(p for p, _ in parts)), parts)
    if kind in ("comma-and-spatial", "and-spatial"):
        parts = [_spatial_part(rng, scene, w) for w in aims]
        if None in parts:
            return None
        joiner = ", and " if kind == "comma-and-spatial" else " and "
        return Draft(kind, sentence(joiner.join(p[0] for p in parts if p)), [p for p in parts if p])
    if kind == "but-no":
        first = scene.mention(rng, aims[0])
        first_part = (f"there is {a(first)}", exists(first))
    else:
        part = _spatial_part(rng, scene, aims[0])
        if part is None:
            return None
        first_part = part
    gone = scene.absent(rng) if aims[1] else scene.present(rng)
    second = (f"there is no {words(gone)}", Claim("none", gone))
    return Draft(kind, sentence(f"{first_part[0]}, but {second[0]}"), [first_part, second])


def sentences(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Several sentences in one caption."""
    kind = pick(rng, ("two-there", "spatial-there", "three-definite", "framed-two"))
    if kind == "three-definite":
        fact = scene.definite_pair(rng, want)
        if fact is None:
            return None
        d1, name, d2 = fact
        parts = [(sentence(f"there is {a(d1)}"), exists(d1)), (sentence(f"there is {a(d2)}"), exists(d2)),
                 (sentence(f"{the(d1)} is {rel_phrase(name)} {the(d2)}"),
                  Claim("the", d1, Desc(rels=(Rel(name, "the", d2),))))]
        return Draft(kind, " ".join(p for p, _ in parts), parts)
    aims = _mixed(rng, want, 2)
    if kind == "two-there":
        parts = [(sentence(f"there is {a(d)}"), exists(d)) for d in _mentions(scene, rng, aims)]
    elif kind == "spatial-there":
        part = _spatial_part(rng, scene, aims[0])
        if part is None:
            return None
        d = scene.mention(rng, aims[1])
        parts = [(sentence(part[0]), part[1]), (sentence(f"there is {a(d)}"), exists(d))]
    else:
        d = scene.mention(rng, aims[0])
        part = _spatial_part(rng, scene, aims[1])
        if part is None:
            return None
        parts = [(sentence(f"the image shows {a(d)}"), exists(d)), (sentence(part[0]), part[1])]
    return Draft(kind, " ".join(p for p, _ in parts), parts)


def relative(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Relative clauses ("a square that is above a circle") and reduced ones ("a square above a circle")."""
    kind = pick(rng, ("that-there", "which-there", "reduced-there", "that-framed", "reduced-framed",
                      "that-subject", "reduced-subject"))
    fact = scene.fact(rng, want)
    if fact is None:
        return None
    d1, name, d2 = fact
    rel = rel_phrase(name)
    if kind in ("that-subject", "reduced-subject"):
        if d1.color is None or d1.shape is None:
            return None
        inner = "that is " if kind == "that-subject" else ""
        if rng.random() < 0.5:
            text = sentence(f"{a(Desc(shape=d1.shape))} {inner}{rel} {a(d2)} is {d1.color}")
        else:
            text = sentence(f"{a(Desc())} {inner}{rel} {a(d2)} is {a(d1)}")
        return Draft(kind, text, [(text, exists(spatial(d1, name, d2)))])
    inner = {"that": "that is ", "which": "which is ", "reduced": ""}[kind.split("-")[0]]
    np_ = f"{a(d1)} {inner}{rel} {a(d2)}"
    frame = "there is {}" if kind.endswith("there") else pick(rng, NP_FRAMES)[1]
    text = sentence(frame.format(np_))
    return Draft(kind, text, [(text, exists(spatial(d1, name, d2)))])


def pronoun(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """ "There is a red square. It is above a blue circle.", "… and a blue one."."""
    kind = pick(rng, ("it-sentence", "it-clause", "it-color", "one"))
    if kind == "one":
        t = pick(rng, scene.things)
        others = [u for u in scene.things if u.shape == t.shape and u.color != t.color]
        second = pick(rng, others).color if want and others else pick(rng, COLOR_NAMES)
        if second == t.color:
            return None
        d1, d2 = Desc(t.color, t.shape), Desc(second, t.shape)
        one = f"{article(second)} {second} one"
        text = sentence(f"there is {a(d1)} and {one}")
        return Draft(kind, text, [(f"there is {a(d1)}", exists(d1)), (one, exists(d2))])
    if kind == "it-color":
        t = pick(rng, scene.things)
        d1 = Desc(shape=t.shape)
        color = t.color if want else pick(rng, tuple(c for c in COLOR_NAMES if c != t.color))
        first, second = sentence(f"there is {a(d1)}"), sentence(f"it is {color}")
        return Draft(kind, f"{first} {second}", [(first, exists(d1)), (second, Claim("the", d1, Desc(color=color)))])
    fact = scene.fact(rng, want)
    if fact is None:
        return None
    d1, name, d2 = fact
    claims = [exists(d1), Claim("the", d1, Desc(rels=(Rel(name, "a", d2),)))]
    first, second = f"there is {a(d1)}", f"it is {rel_phrase(name)} {a(d2)}"
    if kind == "it-sentence":
        first, second = sentence(first), sentence(second)
        return Draft(kind, f"{first} {second}", list(zip((first, second), claims)))
    return Draft(kind, sentence(f"{first}, and {second}"), list(zip((first, second), claims)))


def _syn_desc(scene: Scene, rng: np.random.Generator, want: bool) -> Desc:
    """A description that names a colour or shape with a synonym (grey, oval, half circle, plus sign)."""
    fits = [t for t in scene.things if t.color in SYN_COLOR or t.shape in SYN_SHAPE]
    if want and fits:
        t = pick(rng, fits)
        options = [d for d in (Desc(t.color, t.shape), Desc(shape=t.shape), Desc(color=t.color))
                   if d.color in SYN_COLOR or d.shape in SYN_SHAPE]
        return pick(rng, options)
    for _ in range(50):
        d = Desc(pick(rng, COLOR_NAMES), pick(rng, SHAPES))
        if (d.color in SYN_COLOR or d.shape in SYN_SHAPE) and scene.count(d) == 0:
            return d
    return Desc("gray", pick(rng, tuple(SYN_SHAPE)))


def synonym(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """The words people use: grey, oval, half circle, plus sign."""
    kind = pick(rng, ("there-is", "framed", "spatial"))
    if kind == "spatial":
        part = _spatial_part(rng, scene, want, syn=True)
        if part is None or not any(w in part[0] for w in (*SYN_COLOR.values(), *SYN_SHAPE.values())):
            return None
        return Draft(kind, sentence(part[0]), [(sentence(part[0]), part[1])])
    d = _syn_desc(scene, rng, want)
    frame = "there is {}" if kind == "there-is" else pick(rng, NP_FRAMES)[1]
    text = sentence(frame.format(a(d, syn=True)))
    return Draft(kind, text, [(text, exists(d))])


def absent(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Shapes and colours no world has ("a star", "a black square"): English, and false; "there
    is no star" is true."""
    shape = pick(rng, ALIEN_SHAPES)
    color = pick(rng, ALIEN_COLORS)
    if want:
        kind = pick(rng, ("no-alien-shape", "no-alien-color", "but-no-alien"))
        d = Desc(shape=shape) if kind == "no-alien-shape" else Desc(color, pick(rng, SHAPES))
        if kind == "but-no-alien":
            present = scene.present(rng)
            parts = [(f"there is {a(present)}", exists(present)), (f"there is no {words(d)}", Claim("none", d))]
            return Draft(kind, sentence(", but ".join(p for p, _ in parts)), parts)
        text = sentence(f"there is no {words(d)}")
        return Draft(kind, text, [(text, Claim("none", d))])
    kind = pick(rng, ("alien-shape", "alien-color", "alien-reference"))
    if kind == "alien-reference":
        d1, name = scene.present(rng), pick(rng, ("above", "below", "left", "right"))
        d2 = Desc(shape=shape) if rng.random() < 0.5 else Desc(color, pick(rng, SHAPES))
        text = sentence(_clause(d1, name, d2))
        return Draft(kind, text, [(text, exists(spatial(d1, name, d2)))])
    if kind == "alien-shape":
        d = Desc(pick(rng, COLOR_NAMES), shape) if rng.random() < 0.5 else Desc(shape=shape)
    else:
        d = Desc(color, pick(rng, SHAPES))
    frame = pick(rng, ("there is {}",) + tuple(f for _, f in NP_FRAMES))
    text = sentence(frame.format(a(d)))
    return Draft(kind, text, [(text, exists(d))])


def relation(scene: Scene, rng: np.random.Generator, want: bool) -> Optional[Draft]:
    """Relations in the other words captions use: over, on top of, under, beneath, left of, right of."""
    fact = scene.fact(rng, want)
    if fact is None:
        return None
    d1, name, d2 = fact
    phrase = rel_phrase(name, rng, other=True)
    if rng.random() < 0.7:
        text = sentence(f"{a(d1)} is {phrase} {a(d2)}")
    else:
        text = sentence(f"{pick(rng, NP_FRAMES)[1].format(a(d1))} {phrase} {a(d2)}")
    return Draft(phrase.replace(" ", "-"), text, [(text, exists(spatial(d1, name, d2)))])


__all__ = ["NP_FRAMES", "S_FRAMES", "template", "framing", "definite", "numerals", "lists", "coordination",
           "sentences", "relative", "pronoun", "synonym", "absent", "relation"]
