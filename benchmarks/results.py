"""Write ``docs/results.md``: every measured table of the project, each section pasted from the
output of the benchmark script (or command) that measures it.

``python -m benchmarks.results`` reruns every section (about 20 hours on a 2-core machine, most
of it the CPU training runs); ``--section NAME`` (repeatable) reruns only those, ``--list`` shows
each section with its command and its time. Each section is written between its own markers,
with the commands, the machine and the date it was measured on; the hand-written reading of a
table that follows its end marker is kept. ``--small`` runs the same commands at toy sizes (a
smoke test of the pipeline: minutes, never the shipped page) and needs ``--page``.
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "results.md"
SIX = ("existential-oneshape", "existential-multishapes", "spatial-twoshapes", "spatial-multishapes",
       "quantification-count", "quantification-ratio")
INFORMATIVE = tuple(f"{name}-informative" for name in SIX)
HEADER = """# Measured results

Every table below is written by `python -m benchmarks.results` (see `benchmarks/results.py`):
each section between its `results:begin` and `results:end` markers is the output of the commands
it names, on the machine and at the date it states, and is replaced when that section is rerun
(`python -m benchmarks.results --section NAME`). The text after a section's end marker reads its
figures; it is written by hand and kept, so check it against a table you regenerate.
"""


@dataclass(frozen=True)
class Step:
    """One command of a section; ``shown`` says how its standard output enters the page
    (``"table"``: as Markdown, ``"text"``: in a code block, ``None``: not at all)."""

    command: str
    shown: str | None = None
    small: str | None = None  # the same command at toy sizes (``--small``); None: as ``command``
    start: str | None = None  # show the output from the first line holding this (skips progress lines)


@dataclass(frozen=True)
class Section:
    name: str
    title: str
    hours: float  # about how long the section takes on a 2-core machine
    steps: tuple[Step, ...]


def _each(names: tuple[str, ...], template: str, small: str | None = None) -> tuple[Step, ...]:
    """One unshown step per dataset name (``{d}`` in the templates)."""
    return tuple(Step(template.format(d=d), None, small and small.format(d=d)) for d in names)


_PAPER_RUNS = ("existential-multishapes", "spatial-twoshapes", "spatial-multishapes", "quantification-count",
               "quantification-ratio", "quantification-count-informative", "quantification-ratio-informative")
_TRAIN_SMALL = "--iterations 20 --checkpoint-every 10 --eval-images 8 --device cpu --preset cpu"
_TRAIN_TABLE = ("python benchmarks/train_table.py runs/lrcn1u-existential-oneshape-200k "
                "runs/showtell-existential-oneshape-200k runs/lrcn1u-existential-oneshape "
                + " ".join(f"runs/lrcn1u-{d}" for d in _PAPER_RUNS) + " --at 20000")
_CRITIC_DATA = "data/existential-oneshape-informative"
_RUNS = Step("mkdir -p runs")

SECTIONS: tuple[Section, ...] = (
    Section("quickstart", "Sanity baselines (the quickstart table)", 0.05, (
        Step("shapeworldice quickstart --out quickstart", "text"),)),
    Section("floors", "Blind and prior floors", 0.5, (
        Step("python benchmarks/bench_prior.py table --out floors --train 5000 --test 512", "table",
             "python benchmarks/bench_prior.py table --out floors --train 60 --test 16 --only spatial-twoshapes"),)),
    Section("skill-profiles", "Skill profiles", 0.5, (
        Step("python benchmarks/skill_profile.py --out floors --train 5000 --test 512 --only "
             + " ".join(SIX + INFORMATIVE), "table",
             "python benchmarks/skill_profile.py --out floors --train 60 --test 16 --only spatial-twoshapes"),)),
    Section("new-tasks", "The six relational, logical and discourse tasks", 1.0, (
        Step("python benchmarks/new_tasks_table.py --out new-tasks", "table",
             "python benchmarks/new_tasks_table.py --out new-tasks --train 20 --test 8 --timing 5 coreference"),)),
    Section("grammar-tasks", "Proximity, selection and complex quantification", 2.5, (
        Step("python benchmarks/complex_tasks.py --out grammar-tasks", "table",
             "python benchmarks/complex_tasks.py --out grammar-tasks --train 20 --test 8 --only selection"),
        Step("python benchmarks/bench_build_complex.py", "text",
             "python benchmarks/bench_build_complex.py --instances 4 --prior-worlds 200 --only selection"))),
    Section("training-tasks", "LRCN1u on two of the relational tasks, against their blind floor", 0.5, (
        _RUNS,
        *(step for d in ("relational-comparative-informative", "coreference-informative") for step in (
            Step(f"shapeworldice generate {d} --out data --train 20000 --validation 0 --test 500",
                 small=f"shapeworldice generate {d} --out data --train 40 --validation 0 --test 8"),
            Step(f"shapeworldice train data/{d} --model lrcn1u --out runs/lrcn1u-{d} --iterations 2500 "
                 "--checkpoint-every 500 --eval-images 500 --preset cpu --device cpu --seed 0",
                 small=f"shapeworldice train data/{d} --model lrcn1u --out runs/lrcn1u-{d} {_TRAIN_SMALL}"),
            Step(f"shapeworldice baseline data/{d} --kind blind --out blind-{d}.json"),
            Step(f"shapeworldice evaluate data/{d} --captions blind-{d}.json", "text"))),
        Step("python benchmarks/train_table.py runs/lrcn1u-relational-comparative-informative "
             "runs/lrcn1u-coreference-informative", "table"),
    )),
    Section("training", "The GTD paper's runs, on CPU", 12.0, (
        _RUNS,
        Step("shapeworldice generate existential-oneshape --out data200 --train 200000 --validation 0 --test 500",
             small="shapeworldice generate existential-oneshape --out data200 --train 40 --validation 0 --test 8"),
        Step("shapeworldice train data200/existential-oneshape --model lrcn1u --out "
             "runs/lrcn1u-existential-oneshape-200k --preset cpu --device cpu --seed 0",
             small=f"shapeworldice train data200/existential-oneshape --model lrcn1u --out "
                   f"runs/lrcn1u-existential-oneshape-200k {_TRAIN_SMALL}"),
        Step("shapeworldice train data200/existential-oneshape --model lrcn1u --out "
             "runs/lrcn1u-existential-oneshape-200k --iterations 30000 --resume",
             small="shapeworldice train data200/existential-oneshape --model lrcn1u --out "
                   "runs/lrcn1u-existential-oneshape-200k --iterations 30 --resume"),
        Step("shapeworldice train data200/existential-oneshape --model showtell --out "
             "runs/showtell-existential-oneshape-200k --preset cpu --device cpu --seed 0",
             small=f"shapeworldice train data200/existential-oneshape --model showtell --out "
                   f"runs/showtell-existential-oneshape-200k {_TRAIN_SMALL}"),
        *_each(("existential-oneshape", *_PAPER_RUNS),
               "shapeworldice generate {d} --out data --train 20000 --validation 0 --test 500",
               "shapeworldice generate {d} --out data --train 40 --validation 0 --test 8"),
        Step("shapeworldice train data/existential-oneshape --model lrcn1u --out runs/lrcn1u-existential-oneshape "
             "--preset cpu --device cpu --seed 0",
             small=f"shapeworldice train data/existential-oneshape --model lrcn1u --out "
                   f"runs/lrcn1u-existential-oneshape {_TRAIN_SMALL}"),
        *_each(_PAPER_RUNS, "shapeworldice train data/{d} --model lrcn1u --out runs/lrcn1u-{d} --iterations 10000 "
                            "--preset cpu --device cpu --seed 0",
               f"shapeworldice train data/{{d}} --model lrcn1u --out runs/lrcn1u-{{d}} {_TRAIN_SMALL}"),
        Step(_TRAIN_TABLE + " --figure docs/training-curves-cpu --panels runs/lrcn1u-existential-oneshape-200k "
             "runs/lrcn1u-spatial-twoshapes runs/lrcn1u-quantification-ratio", "table",
             _TRAIN_TABLE.replace(" --at 20000", " --at 10 --figure runs/training-curves-cpu --panels "
                                                 "runs/lrcn1u-spatial-twoshapes"))),
    ),
    Section("robustness", "Robustness areas of the six datasets", 0.5, (
        Step("python benchmarks/bench_robustness.py --skip-bench --six 512 --data robustness", "text",
             "python benchmarks/bench_robustness.py --skip-bench --six 16 --steps 3 --data robustness",
             "areas under"),)),
    Section("variance", "Reference-sample variance", 1.0, (
        Step("python benchmarks/bench_robustness.py --skip-bench --variance 4096 --draws 20 --data variance "
             "--variance-datasets spatial-twoshapes,quantification-count,existential-multishapes", "text",
             "python benchmarks/bench_robustness.py --skip-bench --variance 16 --draws 2 --data variance "
             "--variance-datasets spatial-twoshapes", "reference-sample variance"),)),
    Section("critic", "The learned critic's robustness", 0.3, (
        _RUNS,
        Step("shapeworldice generate existential-oneshape-informative --out data --train 2000 --validation 1024 "
             "--test 256", small="shapeworldice generate existential-oneshape-informative --out data --train 40 "
                                 "--validation 16 --test 8"),
        Step(f"shapeworldice train {_CRITIC_DATA} --model lrcn1u --out runs/lrcn --iterations 2000 "
             "--checkpoint-every 500 --eval-images 256 --device cpu --preset cpu --seed 0",
             small=f"shapeworldice train {_CRITIC_DATA} --model lrcn1u --out runs/lrcn {_TRAIN_SMALL}"),
        Step(f"shapeworldice critic train {_CRITIC_DATA} --out runs/critic --captions 'runs/lrcn/ckpt-*.json' "
             "--threads 1 --device cpu", "text",
             f"shapeworldice critic train {_CRITIC_DATA} --out runs/critic --captions 'runs/lrcn/ckpt-*.json' "
             "--threads 1 --device cpu --epochs 1"),
        Step(f"shapeworldice critic train {_CRITIC_DATA} --out runs/critic-plain --captions 'runs/lrcn/ckpt-*.json' "
             "--threads 1 --device cpu --no-transformations", "text",
             f"shapeworldice critic train {_CRITIC_DATA} --out runs/critic-plain --captions "
             "'runs/lrcn/ckpt-*.json' --threads 1 --device cpu --no-transformations --epochs 1"),
        Step(f"shapeworldice robustness {_CRITIC_DATA} --critic runs/critic --out robustness-critic", "text",
             f"shapeworldice robustness {_CRITIC_DATA} --critic runs/critic --out robustness-critic --steps 3"),
        Step(f"shapeworldice robustness {_CRITIC_DATA} --critic runs/critic-plain --out robustness-plain", "text",
             f"shapeworldice robustness {_CRITIC_DATA} --critic runs/critic-plain --out robustness-plain --steps 3"),
    )),
    Section("validity", "Every measure against the ground truth", 2.0, (
        _RUNS,
        *(step for d in INFORMATIVE for step in (
            Step(f"shapeworldice generate {d} --out data --train 2000 --validation 1024 --test 256",
                 small=f"shapeworldice generate {d} --out data --train 40 --validation 16 --test 8"),
            Step(f"shapeworldice train data/{d} --model lrcn1u --out runs/lrcn-{d} --iterations 2000 "
                 "--checkpoint-every 500 --eval-images 256 --device cpu --preset cpu --seed 0",
                 small=f"shapeworldice train data/{d} --model lrcn1u --out runs/lrcn-{d} {_TRAIN_SMALL}"),
            Step(f"shapeworldice critic train data/{d} --out runs/critic-{d} --captions 'runs/lrcn-{d}/ckpt-*.json' "
                 "--threads 1 --device cpu",
                 small=f"shapeworldice critic train data/{d} --out runs/critic-{d} --captions "
                       f"'runs/lrcn-{d}/ckpt-*.json' --threads 1 --device cpu --epochs 1"),
            Step(f"sh -c 'mkdir -p systems-{d} && cp runs/lrcn-{d}/ckpt-*.json systems-{d}/ && "
                 f"for k in references generic shuffled permuted random-words blind prior; do "
                 f"shapeworldice baseline data/{d} --kind $k --out systems-{d}/$k.json; done'"),
            Step(f"shapeworldice validity data/{d} --captions 'systems-{d}/*.json' --critic runs/critic-{d} "
                 f"--out validity-{d}"))),
        Step("python benchmarks/validity_table.py " + " ".join(f"validity-{d}.json" for d in INFORMATIVE), "table"),
    )),
)
BY_NAME = {section.name: section for section in SECTIONS}


def machine() -> str:
    """The machine in a few words: processor, cores, system, Python."""
    model = platform.processor() or platform.machine()
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8")
        found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
        model = found.group(1).strip() if found else model
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model}, {cores} cores, {platform.system()}, Python {platform.python_version()}"


def _run(command: str, work: Path) -> str:
    """Run one command in ``work`` (``shapeworldice`` and ``python`` of this environment, this
    checkout's code) and return its standard output; a failure stops the section."""
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONPATH=str(ROOT),
               OMP_NUM_THREADS="1")
    argv = [f"{ROOT}/{arg}" if arg.startswith(("benchmarks/", "docs/")) else arg for arg in shlex.split(command)]
    if argv[0] == "python":
        argv[0] = sys.executable
    print(f"$ {command}", file=sys.stderr, flush=True)
    done = subprocess.run(argv, cwd=work, env=env, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"results: `{command}` failed with status {done.returncode}")
    return done.stdout


def _shown(output: str, start: str | None) -> str:
    """The output from the first line that holds ``start`` (all of it when None or not found)."""
    lines = output.splitlines()
    first = next((i for i, line in enumerate(lines) if start and start in line), 0)
    return "\n".join(lines[first:])


def measure(section: Section, work: Path, small: bool = False) -> str:
    """The section's generated block: what ran, where and when, then the outputs it shows."""
    work.mkdir(parents=True, exist_ok=True)
    commands = [(step.small or step.command) if small else step.command for step in section.steps]
    outputs = [(step.shown, _shown(_run(command, work), step.start))
               for step, command in zip(section.steps, commands)]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    took = "toy sizes of --small" if small else f"about {section.hours:g} h there"
    lines = [f"Measured on {date} on {machine()} ({took}), in an empty folder, by:", "",
             "```bash", *commands, "```", ""]
    for shown, text in outputs:
        if shown == "table":
            lines += [text.rstrip(), ""]
        elif shown == "text":
            lines += ["```text", text.rstrip(), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def _markers(name: str) -> tuple[str, str]:
    return f"<!-- results:begin {name} -->", f"<!-- results:end {name} -->"


def replace_section(page: str, section: Section, block: str) -> str:
    """``page`` with the generated block of ``section`` replaced (or, if the page lacks it, the
    section appended with its title); everything outside the markers is kept."""
    begin, end = _markers(section.name)
    if not page.strip():
        page = HEADER
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        _, tail = rest.split(end, 1)
        return f"{head}{begin}\n{block}{end}{tail}"
    return f"{page.rstrip()}\n\n## {section.title}\n\n{begin}\n{block}{end}\n"


def regenerate(names: list[str], page: Path, work: Path, small: bool = False) -> None:
    """Rerun the named sections and write each into ``page`` as soon as it is measured."""
    from shapeworldice.safe_write import write_together

    for name in names:
        block = measure(BY_NAME[name], work / name, small)
        text = page.read_text(encoding="utf-8") if page.exists() else ""
        write_together([(page, replace_section(text, BY_NAME[name], block).encode("utf-8"))])
        print(f"results: wrote section {name} of {page}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--section", action="append", choices=list(BY_NAME), help="rerun only this section")
    parser.add_argument("--list", action="store_true", help="list the sections, their time and commands")
    parser.add_argument("--page", type=Path, default=PAGE, help="the page to write (default: docs/results.md)")
    parser.add_argument("--work", type=Path, help="keep builds and runs here (default: a temporary folder)")
    parser.add_argument("--small", action="store_true", help="toy sizes, to test the pipeline (needs --page)")
    args = parser.parse_args(argv)
    if args.list:
        for section in SECTIONS:
            print(f"{section.name:15s} ~{section.hours:g} h  {section.title}")
        print(f"all: ~{sum(s.hours for s in SECTIONS):g} h on a 2-core machine")
        return
    if args.small and args.page.resolve() == PAGE.resolve():
        parser.error("--small writes toy figures: give another --page")
    names = args.section or list(BY_NAME)
    if args.work:
        regenerate(names, args.page, args.work, args.small)
    else:
        with tempfile.TemporaryDirectory(prefix="swice-results-") as work:
            regenerate(names, args.page, Path(work), args.small)


if __name__ == "__main__":
    main()
