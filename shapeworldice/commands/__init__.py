"""Every job of the command line as a library function: the CLI (:mod:`shapeworldice.cli`) parses
options and calls one of these, and a Python user calls them the same way.

* :mod:`.evaluating`: ``evaluate`` (one caption file, or several), ``curves``, ``compare``;
* :mod:`.studies`: ``robustness``, ``variance``, ``validity`` (results written as PREFIX files);
* :mod:`.batch`: many caption files on one split, here or as cluster jobs;
* :mod:`.parse`: ``parse`` (captions → semantics, truth and claims on a world).

The dataset jobs (``generate``, ``show``, ``export``) are :mod:`shapeworldice.data`'s own functions.
"""
from .evaluating import compare_files, curves_to_files, evaluate_files, evaluate_to_files
from .studies import robustness_to_files, validity_to_files, variance_to_files

__all__ = ["compare_files", "curves_to_files", "evaluate_files", "evaluate_to_files", "robustness_to_files",
           "validity_to_files", "variance_to_files"]
