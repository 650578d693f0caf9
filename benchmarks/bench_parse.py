"""Benchmark the built-in grammar: parsing (uncached / cached) and realisation.

Usage: python benchmarks/bench_parse.py [--captions N] [--seed S] [--repeat R] [--realisation-only]

Parses the 3,174 ERG-judged strings of tests/fixtures/erg/judgments.jsonl, N realised captions
of every family, and N free-form captions in the styles of pretrained and prompted captioners
(framing, lists, several sentences, pronouns, relative clauses, synonyms, unknown words:
tests/grammar/freeform_captions.py), and the model-written descriptions of
tests/descriptions/corpus.jsonl through the evaluator's parser (sentences split and joined),
with the share of its chart parser (and the edges its chart makes, pruned and not), of MRS
composition and of the rest (the join of the sentences' readings, which interprets them); the
goal is 1,000 captions/s uncached on one core for each.
"uncached" runs a fresh parser (grammaticality and best derivation); "+ MRS" also composes each
grammatical reading's MRS (what the evaluator needs); "cached" repeats the same strings through
the parse cache.  "CPU time" divides by the process's CPU seconds rather than wall-clock
seconds, the one-core figure on a shared machine.  ACE 0.9.30 with the ERG parsed these
sentences at about 25 sentences/s (~40 ms each) on this machine; the ratio is printed beside
the figures.
Realisation is also timed in CPU time, best of R sets of 4,000 fresh captions, against its goal
of 20,000 captions/s.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "grammar"))

from freeform_captions import captions as freeform_captions  # noqa: E402
from grammar_captions import captions  # noqa: E402

from shapeworldice.grammar import grammar_version, realise  # noqa: E402
from shapeworldice.grammar.parser import ChartParser, get_parser  # noqa: E402

ACE_PER_SECOND = 25.0
REALISATION_GOAL = 20_000  # captions/s, CPU time
PARSE_GOAL = 1_000  # captions/s, uncached, CPU time


def realisation_rate(repeat: int, n: int = 4000) -> float:
    """Best captions/s in CPU time over ``repeat`` sets of fresh captions (CPU time is robust to
    other jobs on the cores)."""
    rng = np.random.default_rng(0)
    best = 0.0
    for seed in range(21, 21 + repeat):
        caps = captions(n, seed=seed)
        t = time.process_time()
        for c in caps:
            realise(c, rng)
        best = max(best, len(caps) / max(time.process_time() - t, 1e-9))
    return best


class CollectorTime:
    """The CPU seconds the garbage collector runs while it is installed (``gc.callbacks``), and
    how many collections of the oldest generation it made: the share of a timing that is the
    collector's passes over what the parser, the interpreter and their caches keep alive."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._start = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            self.seconds += time.process_time() - self._start
            self.full += info["generation"] == 2

    def __enter__(self) -> "CollectorTime":
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def rate(n: int, seconds: float) -> str:
    per_s = n / seconds
    return f"{per_s:10,.0f} captions/s  ({1000 * seconds / n:.3f} ms each, {per_s / ACE_PER_SECOND:,.0f}x ACE)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--captions", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--realisation-only", action="store_true", help="only the realisation CPU-time figure")
    args = ap.parse_args()

    best = realisation_rate(args.repeat)
    print(f"realisation, CPU time {best:10,.0f} captions/s  (goal {REALISATION_GOAL:,}: "
          f"{'met' if best >= REALISATION_GOAL else 'NOT met'})")
    if args.realisation_only:
        return

    with open(ROOT / "tests" / "fixtures" / "erg" / "judgments.jsonl", encoding="utf-8") as f:
        judged = [json.loads(line)["text"] for line in f]
    caps = captions(args.captions, seed=args.seed)
    rng = np.random.default_rng(args.seed)

    t0 = time.perf_counter()
    t = time.perf_counter()
    realised = [realise(c, rng).text for c in caps]
    t_real = time.perf_counter() - t
    get_parser()
    t_load = time.perf_counter() - t0

    print(f"grammar {grammar_version()}  (load + compile {t_load:.2f} s)")
    print(f"realisation          {rate(len(caps), t_real).split('  (')[0]}")
    compiled = get_parser().g
    freeform = freeform_captions(args.captions, seed=args.seed)
    for name, texts in (("ERG-judged strings", judged), ("realised captions", realised),
                        ("free-form captions", freeform)):
        unique = list(dict.fromkeys(texts))
        best_u = best_m = best_c = best_cpu = float("inf")
        for _ in range(args.repeat):
            p = ChartParser(compiled)
            t, cpu = time.perf_counter(), time.process_time()
            for s in unique:
                p.parse(s)
            best_u = min(best_u, time.perf_counter() - t)
            best_cpu = min(best_cpu, time.process_time() - cpu)
            p = ChartParser(compiled)
            t = time.perf_counter()
            for s in unique:
                r = p.parse(s)
                if r.grammatical and r.reading is not None:
                    _ = r.reading.mrs
            best_m = min(best_m, time.perf_counter() - t)
            t = time.perf_counter()
            for s in unique:
                p.parse(s)
            best_c = min(best_c, time.perf_counter() - t)
        print(f"{name} ({len(unique)} unique):")
        print(f"  uncached           {rate(len(unique), best_u)}")
        met = "met" if len(unique) / best_cpu >= PARSE_GOAL else "NOT met"
        print(f"  uncached, CPU time {rate(len(unique), best_cpu)}  goal {PARSE_GOAL:,}: {met}")
        print(f"  uncached + MRS     {rate(len(unique), best_m)}")
        print(f"  cached             {rate(len(unique), best_c)}")
    descriptions_rate(args.repeat)
    print(f"ACE + ERG reference  {ACE_PER_SECOND:10,.0f} sentences/s  (~40 ms each)")


def descriptions_rate(repeat: int) -> None:
    """The model-written descriptions (tests/descriptions/corpus.jsonl: one sentence to seven)
    through the evaluator's parser, which splits sentences, joins their readings and finds run-ons:
    uncached, with every reading's MRS, CPU time.  Then its parts: the chart parser alone (each
    sentence parsed uncached), the composition of every reading's MRS alone (in plain form:
    pydelphin's objects are built when a reading is first read, shapeworldice.grammar.mrs_form),
    and what is left, mostly the join of the sentences' readings, which interprets them
    (shapeworldice.interpret.discourse.cover), also timed alone on readings parsed beforehand, with
    the share of it that reading the joined readings takes, and the pydelphin objects of the joined
    readings; and the garbage collector's share of the whole (:class:`CollectorTime`)."""
    from shapeworldice.grammar import normalise
    from shapeworldice.grammar.parser import tokenise
    from shapeworldice.interpret import interpret
    from shapeworldice.interpret.discourse import cover, sentences
    from shapeworldice.parsing import BuiltinParser

    with open(ROOT / "tests" / "descriptions" / "corpus.jsonl", encoding="utf-8") as f:
        texts = list(dict.fromkeys(json.loads(line)["caption"] for line in f))
    parser = BuiltinParser()  # keeps no parses: every call parses
    chart = get_parser()
    split = [[s for _, s in sentences(normalise(text))] for text in texts]
    several = [(parts, [offset for offset, _ in sentences(normalise(text))])
               for text, parts in zip(texts, split) if len(parts) > 1]
    best = best_chart = best_mrs = best_join = best_read = best_build = float("inf")
    collector = CollectorTime()
    parsed: list = []
    joins: list = []
    for _ in range(repeat):
        chart.clear_cache()  # the run-on check parses through the parser's cache: not from an earlier run
        # what the timings before kept is dropped first: its objects would burden the collector's
        # passes in this run's time
        del parsed[:], joins[:]
        gc.collect()
        cpu = time.process_time()
        with CollectorTime() as collected:
            for text in texts:
                for mrs in parser.parse(text).readings:
                    _ = mrs.rels
        if time.process_time() - cpu < best:
            best, collector = time.process_time() - cpu, collected
        cpu = time.process_time()
        results = [chart.parse_uncached(s) for parts in split for s in parts]
        best_chart = min(best_chart, time.process_time() - cpu)
        cpu = time.process_time()
        for r in results:
            for reading in r.readings:
                _ = reading.mrs
        best_mrs = min(best_mrs, time.process_time() - cpu)
        del results[:]
        gc.collect()
        parsed[:] = [([tuple(r.mrs for r in chart.parse_uncached(s).readings) for s in parts], offsets)
                     for parts, offsets in several]
        parsed[:] = [(readings, offsets) for readings, offsets in parsed if all(readings)]
        cpu = time.process_time()
        joins[:] = [cover(readings, offsets)[0] for readings, offsets in parsed]
        best_join = min(best_join, time.process_time() - cpu)
        # the joined readings read again (the interpreter keeps only its last few results): what
        # reading each final join costs of the join's time; then their pydelphin objects
        gc.collect()
        cpu = time.process_time()
        for joined in joins:
            interpret(joined)
        best_read = min(best_read, time.process_time() - cpu)
        gc.collect()
        cpu = time.process_time()
        for joined in joins:
            _ = joined.rels
        best_build = min(best_build, time.process_time() - cpu)
    met = "met" if len(texts) / best >= PARSE_GOAL else "NOT met"
    n_sentences = sum(len(parts) for parts in split)
    edges = {True: 0, False: 0}  # the chart's edges, pruned (the parser's) and every edge
    for s in (s for parts in split for s in parts):
        for prune in edges:
            found, _ = chart.chart(tokenise(normalise(s)), prune)
            edges[prune] += sum(len(cell) for row in found or () for cell in row if cell)
    print(f"model-written descriptions ({len(texts)} unique, 1-7 sentences each, {n_sentences} sentences):")
    print(f"  uncached + MRS, CPU time {rate(len(texts), best)}  goal {PARSE_GOAL:,}: {met}")
    print(f"    chart parser alone     {rate(len(texts), best_chart)}  ({best_chart:.2f} s; chart edges "
          f"{edges[True]:,}, {edges[False]:,} unpruned)")
    print(f"    MRS composition alone  {rate(len(texts), best_mrs)}  (plain form)")
    rest = best - best_chart - best_mrs
    print(f"    the rest (the join of the sentences' readings, run-ons): {rest:.2f} s of {best:.2f} s")
    print(f"    the join alone ({len(parsed)} descriptions of several sentences that all parse): {best_join:.2f} s")
    print(f"      of which reading the joined readings (each read once more): {best_read:.2f} s; "
          f"the rest reads each sentence alone and with those before it")
    print(f"    pydelphin objects of the joined readings: {best_build:.2f} s")
    print(f"    the garbage collector, within the whole: {collector.seconds:.2f} s of {best:.2f} s "
          f"({collector.full} full collections)")


if __name__ == "__main__":
    main()
