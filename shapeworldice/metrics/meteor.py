"""METEOR 1.5 through pycocoevalcap's ``Meteor`` wrapper (a Java subprocess), made safe.

pycocoevalcap's wrapper can hang (blocking ``readline`` on a stuck JVM), can deadlock in its
``__del__`` after an error (its lock stays held) and never drains the JVM's stderr.  We use a
subclass that sends stderr to a temporary file (for error reasons), never blocks in ``__del__``,
and run the scoring in a worker thread with a timeout; on timeout or any failure the JVM is
killed and the result is ``MetricResult(score=None, unavailable=<reason>)``.  Without ``java``
on PATH the result is unavailable ("java not found") — never 0, never an exception.

Input to METEOR is the PTB-tokenised text (as in pycocoevalcap's COCOEvalCap); several
candidates per image are separate segments; the corpus score is METEOR's own aggregate.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from typing import Any, Sequence

import numpy as np

from .base import Metric, MetricResult, PreparedCorpus

__all__ = ["Meteor", "java_available"]


def java_available() -> bool:
    """Whether a ``java`` executable is on PATH."""
    return shutil.which("java") is not None


def _wrapper_class() -> Any:
    import pycocoevalcap.meteor.meteor as coco_meteor

    jar_dir = os.path.dirname(os.path.abspath(coco_meteor.__file__))
    jar = coco_meteor.METEOR_JAR
    if not os.path.exists(os.path.join(jar_dir, jar)):
        raise FileNotFoundError(f"{jar} not found in {jar_dir}")

    class _GuardedMeteor(coco_meteor.Meteor):
        """pycocoevalcap's Meteor with stderr captured and a non-blocking ``__del__``."""

        def __init__(self, java_options: Sequence[str] = ("-Xmx2G",)) -> None:
            # the wrapper's command (java -jar -Xmx2G meteor-1.5.jar - - -stdio -l en -norm)
            self.jar_dir = jar_dir
            self.meteor_cmd = ["java", "-jar", *java_options, jar,
                               "-", "-", "-stdio", "-l", "en", "-norm"]
            self.stderr_file = tempfile.TemporaryFile()
            self.meteor_p = subprocess.Popen(
                self.meteor_cmd, cwd=self.jar_dir, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=self.stderr_file)
            self.lock = threading.Lock()

        def stderr_text(self) -> str:
            try:
                self.stderr_file.seek(0)
                return self.stderr_file.read().decode("utf-8", "replace").strip()
            except Exception:
                return ""

        def close(self) -> None:
            p = getattr(self, "meteor_p", None)
            if p is None:
                return
            for action in (lambda: p.stdin.close(), p.kill):
                try:
                    action()
                except Exception:
                    pass
            try:
                p.wait(timeout=5)
            except Exception:
                pass
            try:
                self.stderr_file.close()
            except Exception:
                pass

        def __del__(self) -> None:
            self.close()

    return _GuardedMeteor


class Meteor(Metric):
    """METEOR 1.5 (``-l en -norm``) via pycocoevalcap; result ``meteor``.

    ``timeout`` (seconds, default 60 + 0.02·items) bounds the whole computation including JVM
    start-up; ``java_options`` are the JVM flags (pycocoevalcap uses ``-Xmx2G``).  Never raises
    on Java/subprocess problems: reports them as unavailable.
    """

    name = "meteor"
    result_names = ("meteor",)

    def __init__(self, timeout: float | None = None,
                 java_options: Sequence[str] = ("-Xmx2G",)) -> None:
        self.timeout = timeout
        self.java_options = tuple(java_options)

    def signature(self, corpus: PreparedCorpus, result_name: str = "meteor") -> str:
        return f"METEOR-1.5|{corpus.signature_fields()}|lang:en|norm:yes|impl:pycocoevalcap-1.2"

    def _unavailable(self, corpus: PreparedCorpus, reason: str) -> dict[str, MetricResult]:
        return {"meteor": MetricResult("meteor", None, None, self.signature(corpus), reason)}

    def _compute(self, corpus: PreparedCorpus) -> dict[str, MetricResult]:
        if not java_available():
            return self._unavailable(corpus, "java not found")
        try:
            cls = _wrapper_class()
        except Exception as e:  # pycocoevalcap missing or changed
            return self._unavailable(corpus, f"pycocoevalcap METEOR wrapper unavailable: {e}")
        sents = [" ".join(s) for s in corpus.sentences]
        res = {i: [sents[k]] for i, k in enumerate(corpus.item_sent.tolist())}
        refs_of = corpus.ref_sent.tolist()
        ptr = corpus.ref_ptr.tolist()
        img = corpus.item_image.tolist()
        gts = {i: [sents[k] for k in refs_of[ptr[img[i]]:ptr[img[i] + 1]]] for i in res}
        timeout = self.timeout if self.timeout is not None else 60.0 + 0.02 * corpus.n_items
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["scorer"] = cls(self.java_options)
                if box.get("cancelled"):
                    box["scorer"].close()
                    return
                box["out"] = box["scorer"].compute_score(gts, res)
            except BaseException as e:  # noqa: BLE001 - reported, never raised
                box["error"] = e

        thread = threading.Thread(target=work, name="meteor", daemon=True)
        thread.start()
        thread.join(timeout)
        scorer = box.get("scorer")
        try:
            if thread.is_alive():
                box["cancelled"] = True
                if scorer is not None:
                    scorer.close()  # killing the JVM unblocks the worker's readline
                thread.join(5)
                scorer = box.get("scorer")  # it may have started the JVM meanwhile
                return self._unavailable(corpus, f"METEOR timed out after {timeout:g} s")
            if "error" in box:
                err = box["error"]
                detail = scorer.stderr_text() if scorer is not None else ""
                reason = f"METEOR failed: {type(err).__name__}: {err}"
                if detail:
                    reason += f" (java: {detail.splitlines()[-1][:300]})"
                return self._unavailable(corpus, reason)
            score, scores = box["out"]
        finally:
            if scorer is not None:
                scorer.close()
                if scorer.lock.locked():  # the wrapper leaves it held after an error
                    try:
                        scorer.lock.release()
                    except RuntimeError:
                        pass
        scores = np.asarray(scores, dtype=np.float64)
        return {"meteor": MetricResult(
            name="meteor", score=float(score), per_image=corpus.per_image(scores),
            signature=self.signature(corpus), extra=corpus.caption_extra(scores))}
