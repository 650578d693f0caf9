"""ShapeWorldICE: build synthetic image-captioning benchmarks with known ground truth, and
evaluate captioning models on them for grammaticality, truthfulness and diversity (GTD).

The data flows world → render → captions → realise (the builder) and
text → parse → semantics → truth (the evaluator); the CLI is a thin layer over the
functions exported here.
"""
__version__ = "0.1.0"


def generate(*args, **kwargs):
    """Build a dataset; see :func:`shapeworldice.data.build.generate`."""
    from .data.build import generate as _generate

    return _generate(*args, **kwargs)


def parse(text: str):
    """Parse one caption with the built-in grammar; see :func:`shapeworldice.grammar.parse`."""
    from .grammar import parse as _parse

    return _parse(text)


def evaluate(*args, **kwargs):
    """GTD and surface metrics of a model's captions; see :func:`shapeworldice.evaluation.gtd.evaluate`."""
    from .evaluation.gtd import evaluate as _evaluate

    return _evaluate(*args, **kwargs)
