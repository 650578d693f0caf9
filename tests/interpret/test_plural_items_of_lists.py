"""A plural item of a list whose words are shared ("magenta crosses and triangles", "gray triangles,
ovals and rectangles"), in a caption that names a single shape, says two or more of its kind, as any
plural beside a single shape does: one alone is false, whether the words are said of both nouns or of
the first alone; so does a noun-phrase caption, which lists what the picture has ("A set of blue
crosses and pentagons."). In a sentence without a single shape the shared words may count the whole
list ("There are several green ovals and rectangles."), so a later plural of one stays vague."""
from __future__ import annotations

from tests.conftest import make_world
from tests.interpret.interpret_support import A, F, T, verdict


def test_a_later_item_of_a_shared_list_is_two_or_more():
    one_triangle = make_world(("cross", "magenta", 0.2, 0.3), ("cross", "magenta", 0.4, 0.3),
                              ("triangle", "magenta", 0.6, 0.7), ("circle", "cyan", 0.8, 0.7))
    two_triangles = make_world(("cross", "magenta", 0.2, 0.3), ("cross", "magenta", 0.4, 0.3),
                               ("triangle", "magenta", 0.6, 0.7), ("triangle", "magenta", 0.8, 0.2),
                               ("circle", "cyan", 0.8, 0.7))
    caption = "A cyan circle, magenta crosses and triangles on a black background."
    assert verdict(caption, one_triangle) == F
    assert verdict(caption, two_triangles) == T


def test_the_first_item_with_its_words_is_two_or_more():
    one_gray_triangle = make_world(("triangle", "gray", 0.2, 0.3), ("ellipse", "gray", 0.4, 0.3),
                                   ("ellipse", "gray", 0.5, 0.6), ("ellipse", "magenta", 0.8, 0.7))
    assert verdict("Gray triangles and ovals with a pink oval on a black background.", one_gray_triangle) == F


def test_a_shared_colour_is_false_only_when_both_readings_are():
    # two triangles, one of them magenta: "magenta triangles" fails, "triangles" holds: vague
    mixed = make_world(("cross", "magenta", 0.2, 0.3), ("cross", "magenta", 0.4, 0.3),
                       ("triangle", "magenta", 0.6, 0.7), ("triangle", "green", 0.8, 0.2),
                       ("circle", "cyan", 0.8, 0.7))
    assert verdict("A cyan circle, magenta crosses and triangles on a black background.", mixed) == A


def test_a_shared_quantity_word_keeps_a_plural_of_one_vague():
    # "several" may be said of the whole list (three green shapes are several): never false here
    world = make_world(("ellipse", "green", 0.2, 0.3), ("ellipse", "green", 0.4, 0.3),
                       ("rectangle", "green", 0.7, 0.7))
    assert verdict("There are several green ovals and rectangles.", world) != F
    listed = "A red circle and several green ovals and rectangles on a black background."
    assert verdict(listed, make_world(("circle", "red", 0.8, 0.2), *[
        ("ellipse", "green", 0.2, 0.3), ("ellipse", "green", 0.4, 0.3), ("rectangle", "green", 0.7, 0.7)])) == A


def test_a_noun_phrase_caption_lists_but_a_sentence_leaves_the_count_open():
    one_pentagon = make_world(("cross", "blue", 0.2, 0.3), ("cross", "blue", 0.4, 0.3), ("pentagon", "blue", 0.7, 0.7))
    assert verdict("A set of blue crosses and pentagons on a black background.", one_pentagon) == F
    assert verdict("There are blue crosses and pentagons.", one_pentagon) == A
