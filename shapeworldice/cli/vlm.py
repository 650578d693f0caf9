"""Vision-language model commands: ask a model for captions (``caption``) and write an lmms-eval
task folder for a build (``lmms-tasks``).
"""
from __future__ import annotations

import click

from .app import main, shown, SPLIT_HELP, SEED_TYPE, _quiet_option


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--model", "spec", required=True, metavar="SPEC",
              help="openai:URL#MODEL (an OpenAI-compatible server's /v1 root and model name) or hf:NAME_OR_PATH "
                   "(a local transformers image-text-to-text model; needs the [vlm] extra).")
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="Results file (JSON Lines with a header line); an existing one is resumed.")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--prompt", type=click.Choice(["coco", "short", "detailed", "describe-2-3"]), default=None,
              help="Named prompt (coco: lmms-eval's COCO-caption prompt).  [default: coco]")
@click.option("--prompt-text", help="Your own prompt, instead of --prompt.")
@click.option("--max-new-tokens", default=64, type=int, help="Most tokens per answer (lmms-eval's default).")
@click.option("--temperature", default=0.0, type=float, help="Sampling temperature; 0 = greedy.")
@click.option("--seed", default=0, type=SEED_TYPE, help="Sampling seed, sent with every request.")
@click.option("--image-size", type=int, help="Side in pixels of the image sent.  [default: as built]")
@click.option("--resample", type=click.Choice(["nearest", "bicubic", "lanczos"]), default="nearest",
              help="How --image-size enlarges: nearest adds no smoothing.")
@click.option("--api-key-env", default="OPENAI_API_KEY", metavar="VAR",
              help="Environment variable holding the server's key (unset: no key sent).")
@click.option("--concurrency", default=8, type=int, help="openai: requests in flight at once.")
@click.option("--retries", default=6, type=click.IntRange(min=0),
              help="openai: tries again after a 429, a 5xx, a time-out or a malformed answer.")
@click.option("--timeout", default=120.0, type=click.FloatRange(min=0.1), help="openai: seconds per request.")
@click.option("--device", default="auto", help="hf: torch device (auto: cuda when there is a GPU, else cpu).")
@click.option("--batch-size", default=8, type=int, help="hf: images per batch.")
@_quiet_option
def caption(directory, spec, out, split, prompt, prompt_text, max_new_tokens, temperature, seed, image_size,
            resample, api_key_env, concurrency, retries, timeout, device, batch_size, quiet) -> None:
    """Ask a vision-language model for a caption of each image; resumable.

    Answers are appended to --out as they arrive; run the same command again to ask only for the
    images still without one.  `evaluate DIRECTORY --captions OUT` scores the file and signs the
    report with its model, prompt, decoding and image size."""
    from ..safe_write import check_outputs
    from ..vlm.caption import CaptionOptions, caption as run
    from ..vlm.results import Decoding

    check_outputs({"--out": out}, {"DIRECTORY": directory})
    options = CaptionOptions(prompt=prompt, prompt_text=prompt_text,
                             decoding=Decoding(max_new_tokens, temperature, seed), image_size=image_size,
                             resample=resample, api_key_env=api_key_env, concurrency=concurrency, retries=retries,
                             timeout=timeout, device=device, batch_size=batch_size)
    result = run(directory, spec, out, split=split, options=options, progress=not quiet)
    if not quiet:
        click.echo(f"asked {result.asked}, {result.answered}/{result.total} images answered")
        click.echo(f"wrote {shown(result.path)}")


@main.command("lmms-tasks")
@click.argument("directory", type=click.Path())
@click.option("--out", required=True, type=click.Path(file_okay=False), help="Task folder to write (new or empty).")
@click.option("--split", default="test", help=SPLIT_HELP)
@click.option("--image-size", type=int, help="Side in pixels of the image the model sees.  [default: as built]")
def lmms_tasks(directory, out, split, image_size) -> None:
    """Write an lmms-eval task folder for a build (--include_path OUT): one task per prompt, scored by
    the GTD evaluator."""
    from ..safe_write import check_folder
    from ..vlm.lmms_tasks import write_tasks

    check_folder(out)
    folder, names = write_tasks(directory, out, split=split, image_size=image_size)
    click.echo(f"tasks {' '.join(names)}")
    click.echo(f"wrote {shown(folder)}")
