"""Training commands (the [train] extra): the baseline captioners and the learned critic.
"""
from __future__ import annotations

import click

from ..errors import UserError
from .app import (
    main, shown, SEED_TYPE,
)


@main.command()
@click.argument("directory", type=click.Path())
@click.option("--model", "model_name", required=True, type=click.Choice(["lrcn1u", "showtell"]),
              help="lrcn1u: LRCN, image features beside each previous word; showtell: Show&Tell, the image as "
                   "the LSTM's first input.")
@click.option("--out", "run_dir", required=True, type=click.Path(), help="Run folder (checkpoints, curves).")
@click.option("--iterations", type=int, help="Training iterations.  [default: paper 100000, cpu 20000]")
@click.option("--checkpoint-every", type=int, help="Caption and score every N iterations.  "
              "[default: paper 5000, cpu 1000]")
@click.option("--split", type=click.Choice(["test", "validation"]), help="Split the checkpoints caption.  "
              "[default: test]")
@click.option("--eval-images", type=int, help="Caption the split's first N images (0 = all).  "
              "[default: paper all, cpu 500]")
@click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto",
              help="auto = cuda when a GPU is available, else cpu.")
@click.option("--preset", type=click.Choice(["auto", "paper", "cpu"]), default="auto",
              help="Model size and schedule; auto = paper on a GPU, cpu otherwise.")
@click.option("--batch-size", type=int, help="Images per step.  [default: 64]")
@click.option("--learning-rate", type=float, help="Adam learning rate.  [default: 0.001]")
@click.option("--hidden", type=int, help="LSTM units.  [default: paper 512, cpu 128]")
@click.option("--embedding", type=int, help="Word embedding size.  [default: paper 512, cpu 64]")
@click.option("--precision", type=click.Choice(["auto", "fp32", "bf16", "fp16"]), default="auto",
              help="auto = bf16 (or fp16) autocast on a GPU, fp32 on a CPU.")
@click.option("--compile", "use_compile", is_flag=True, help="torch.compile the step (CUDA graphs on a GPU).")
@click.option("--threads", type=int, help="CPU threads PyTorch may use.  [default: 1 on a CPU (faster for these "
              "small models than every core), PyTorch's default beside a GPU]")
@click.option("--seed", type=SEED_TYPE,
              help="Random seed of the initial weights and the batch order.  [default: 0]")
@click.option("--resume", is_flag=True, help="Continue the run in --out from its newest model checkpoint, with "
              "its settings (any option given here replaces the saved one where allowed).")
@click.option("--quiet", is_flag=True, help="No progress bar or per-checkpoint lines.")
def train(directory, model_name, run_dir, iterations, checkpoint_every, split, eval_images, device, preset,
          batch_size, learning_rate, hidden, embedding, precision, use_compile, threads, seed, resume, quiet) -> None:
    """Train a Show&Tell or LRCN1u captioner; caption, score and plot every checkpoint (needs [train])."""
    from ..training import require_torch

    require_torch()
    from ..safe_write import check_folder

    check_folder(run_dir)
    from ..training.config import make_config, resumed_config
    from ..training.device import default_precision, resolve_device, set_threads
    from ..training.loop import saved_config
    from ..training.loop import train as run

    resolved = resolve_device(device)
    set_threads(resolved, threads)
    overrides = dict(model=model_name, iterations=iterations, checkpoint_every=checkpoint_every, split=split,
                     eval_images=eval_images, batch_size=batch_size, learning_rate=learning_rate, hidden=hidden,
                     embedding=embedding, seed=seed, compile=use_compile,
                     precision=default_precision(resolved) if precision == "auto" else precision)
    saved = saved_config(run_dir) if resume else None
    if saved is not None and preset not in ("auto", saved.preset):
        raise UserError(f"--resume: {run_dir} was trained with --preset {saved.preset}")
    config = resumed_config(saved, resolved, **overrides) if saved else make_config(preset, resolved, **overrides)
    import torch

    try:
        result = run(directory, run_dir, config, resume=resume, progress=not quiet,
                     log=None if quiet else lambda line: click.echo(line, err=True))
    except torch.cuda.OutOfMemoryError:  # the run folder keeps its last checkpoint: --resume works
        raise UserError(f"the GPU ran out of memory (batch size {config.batch_size}); "
                        "lower --batch-size or --eval-images") from None
    speed = result["iterations_per_second"]
    for key in ("last", "best"):
        row = result[key]
        if row is not None:
            click.echo(f"{key:4s} iteration {row['iteration']}: " + " ".join(
                f"{name} {'-' if row[k] is None else f'{row[k]:.3f}'}" for name, k in
                (("G", "grammaticality"), ("T", "truthfulness"), ("D", "diversity"), ("BLEU-4", "bleu_4"),
                 ("SPICE", "spice"))))
    if speed is not None:
        click.echo(f"{result['iterations_trained']} iterations at {speed:.2f} it/s on {resolved}")
    click.echo(f"wrote {shown(result['run_dir'])}")


@main.group()
def critic() -> None:
    """The learned critic of Cui et al. (needs the [train] extra)."""


@critic.command("train")
@click.argument("directory", type=click.Path())
@click.option("--out", "run_dir", required=True, type=click.Path(), help="Run folder (checkpoints, critic.json).")
@click.option("--captions", "caption_files", multiple=True, type=click.Path(),
              help="Model captions used as fakes (any format of evaluate --captions), or a quoted glob such as "
                   "a train run's 'run/ckpt-*.json'; repeat for several. Without any, the train split's captions "
                   "stand in.")
@click.option("--epochs", default=30, type=int, help="Training epochs (one positive and one fake per image each).")
@click.option("--split", default="validation", help="Split trained on (needs 2+ human captions per image).")
@click.option("--heldout-split", default="test", help="Split of the held-out AUC written at the end.")
@click.option("--no-transformations", is_flag=True, help="Ablation: fakes are model captions and other images' "
              "captions only (no random words, no permutations).")
@click.option("--batch-size", default=16, type=int, help="Images per step (two pairs each).")
@click.option("--learning-rate", default=1e-3, type=float, help="Adam learning rate of the first epoch.")
@click.option("--decay", default=0.9, type=float, help="Learning rate factor per epoch.")
@click.option("--average", default=3, type=int, help="Scores average P(human) over the last N epochs' weights.")
@click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto",
              help="auto = cuda when a GPU is available, else cpu.")
@click.option("--threads", default=0, type=click.IntRange(min=0), help="CPU threads of PyTorch; 0 = its default.")
@click.option("--seed", default=0, type=SEED_TYPE, help="Random seed of the weights, pairs and fakes.")
@click.option("--resume", is_flag=True, help="Continue the run in --out from its newest epoch.")
@click.option("--quiet", is_flag=True, help="No progress bar or per-epoch lines.")
def critic_train(directory, run_dir, caption_files, epochs, split, heldout_split, no_transformations, batch_size,
                 learning_rate, decay, average, device, threads, seed, resume, quiet) -> None:
    """Train a critic on DIRECTORY; every fake is checked false on its image first."""
    from ..training import require_torch

    require_torch()
    import torch

    from ..evaluation.io.inputs import expand_caption_specs
    from ..training.critic.loop import CriticConfig, train_critic
    from ..training.device import resolve_device

    caption_files = tuple(expand_caption_specs(caption_files))

    if threads:
        torch.set_num_threads(threads)
    config = CriticConfig(epochs=epochs, batch_size=batch_size, learning_rate=learning_rate, decay=decay, seed=seed,
                          split=split, heldout_split=heldout_split, transformations=not no_transformations,
                          average=average, device=resolve_device(device))
    result = train_critic(directory, run_dir, config, caption_files, resume=resume, progress=not quiet,
                          log=None if quiet else lambda line: click.echo(line, err=True))
    held = result["heldout"]
    by_kind = ", ".join(f"{k} {v:.3f}" for k, v in held["auc_by_kind"].items() if v is not None)
    click.echo(f"held-out AUC ({held['split']}, {held['references']} references vs {held['fakes']} fakes): "
               f"{held['auc']:.3f} ({by_kind})" if held["auc"] is not None else "held-out AUC: n/a")
    click.echo(f"wrote {shown(result['run_dir'])}")
