"""From ERG-style MRS to meaning and truth.

One interpreter serves the package's own grammar and a real ACE + ERG: both give MRS with the
ERG's predicate names. The pipeline:

* :func:`interpret` (one reading) / :func:`interpret_readings` (a parser's readings, in the
  documented :func:`preference_order`) → :class:`Interpretation` (a :mod:`.logic` formula) or
  :class:`Uninterpretable`; malformed or unsupported MRS is uninterpretable, any other
  exception is a bug and propagates;
* :func:`truth` → ShapeWorld's three-valued :class:`~shapeworldice.semantics.Truth` on a world;
  :func:`reading_verdict` does both for a caption's readings and returns a :class:`Result`
  ("true" / "false" / "ambiguous" / "uninterpretable");
* :func:`construction`, :func:`family`, :func:`quantifier_range`, :func:`relation` give the
  diversity key and the report breakdowns; :func:`scene_tuples` the SPICE-style tuples;
* :func:`formula_of` compiles stored caption semantics (references) to the same logical form;
* :func:`claims` splits a formula into its claims (a caption of several sentences or
  coordinated clauses), each with its own truth; :func:`object_mentions` lists the object
  descriptions it says exist (hallucinations, object recall).

Example::

    from delphin.codecs import simplemrs
    readings = [simplemrs.decode(s) for s in erg_readings]
    result = reading_verdict(readings, world, key="A square is red.")
    result.truth, construction(result.interpretation)
"""
from .construction import FAMILIES, construction, family, quantifier_range, relation
from .errors import UninterpretableMRS
from .evaluate import InterpretationCache, Result, reading_verdict, truth, verdict
from .from_caption import formula_of, interpretation_of
from .interpret import SAYS_NOTHING, Interpretation, Uninterpretable, interpret, interpret_readings, says_nothing
from .logic import Formula, QSpec, claims
from .mentions import Mention, object_mentions
from .preference import preference_order, reading_penalty
from .quantifiers import BARE_COUNT_RANGE, BARE_RATIO_RANGE
from .tuples import formula_tuples, scene_tuples

__all__ = [
    "BARE_COUNT_RANGE", "BARE_RATIO_RANGE", "FAMILIES", "Formula", "claims", "Interpretation", "InterpretationCache",
    "Mention", "object_mentions",
    "QSpec", "Result", "Uninterpretable", "UninterpretableMRS", "construction", "reading_verdict", "family",
    "formula_of", "formula_tuples", "interpret", "interpretation_of", "interpret_readings", "preference_order",
    "SAYS_NOTHING", "says_nothing",
    "quantifier_range", "reading_penalty", "relation", "scene_tuples", "truth", "verdict",
]
