"""Evaluation of captions against the world models, in rooms by job:

* :mod:`.core` — the GTD evaluator itself: analysis (parse, interpret, cache), scoring (verdicts,
  G, T, D, coverage, SPICE*, surface metrics), claims, informativeness and floors, intervals, and
  the report dict (:class:`~.core.gtd.Evaluator`);
* :mod:`.studies` — what is built on repeated evaluations: sanity baselines and their
  transformations, learning curves, robustness (Cui et al.), reference-sample variance (Zhu et
  al.), validity against the ground truth, paired comparisons;
* :mod:`.io` — reading caption files, writing reports, the terminal tables, the HTML page, the
  ``parse`` command's view;
* :mod:`.quickstart` — the main job on a small default.
"""
