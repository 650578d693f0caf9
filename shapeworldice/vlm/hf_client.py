"""Captions from a local transformers image-text-to-text model (``AutoModelForImageTextToText``
with its processor), batched, on the GPU when there is one.

The model is loaded from a folder or the local Hugging Face cache only (``local_files_only``):
nothing is downloaded at run time.  The prompt goes through the processor's chat template as one
user turn (image, then text), as the model card's own examples do; answers are the new tokens.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from ..errors import UserError
from .results import Decoding


def require_transformers() -> None:
    """Refuse, in one line, when the optional [vlm] extra is not installed."""
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        raise UserError("hf: models need transformers and PyTorch: pip install 'shapeworldice[vlm]'") from None


def pick_device(device: str) -> str:
    """``auto`` → ``cuda`` when a GPU is visible, else ``cpu``; other names as given."""
    import torch

    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise UserError(f"--device {device}: no CUDA GPU is visible")
    return device


class HFClient:
    """A loaded model and processor; ``caption`` answers a batch of images."""

    def __init__(self, name_or_path: str, device: str = "auto", batch_size: int = 8):
        require_transformers()
        from transformers import AutoModelForImageTextToText, AutoProcessor
        from transformers.utils import logging

        logging.set_verbosity_error()  # no load-time notes or bars: the run's own bar shows progress
        logging.disable_progress_bar()

        if not name_or_path:
            raise UserError("bad model spec 'hf:': expected hf:NAME_OR_PATH")
        self.source = name_or_path
        self.device = pick_device(device)
        self.batch_size = batch_size
        try:
            processor: Any = AutoProcessor.from_pretrained(name_or_path, local_files_only=True)
            model: Any = AutoModelForImageTextToText.from_pretrained(name_or_path, local_files_only=True)
        except (OSError, ValueError) as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UserError(f"cannot load hf:{name_or_path} from a local folder or the local cache ({first[:200]})"
                            ) from None
        self.processor, self.model = processor, model.to(self.device).eval()
        tokenizer = getattr(self.processor, "tokenizer", None)
        if tokenizer is not None:
            tokenizer.padding_side = "left"  # decoder-only batches generate from the right end
            if tokenizer.pad_token is None:
                tokenizer.pad_token = tokenizer.eos_token

    @property
    def name(self) -> str:
        return f"hf:{self.source}"

    @property
    def server(self) -> str | None:
        return None

    def prompt_text(self, prompt: str) -> str:
        """The model's chat-formatted input for one image and ``prompt``."""
        messages = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": prompt}]}]
        if not getattr(self.processor, "chat_template", None):
            raise UserError(f"hf:{self.source} has no chat template in its processor: it is not an instruction model")
        return str(self.processor.apply_chat_template(messages, add_generation_prompt=True))

    def caption(self, images: Sequence[Any], prompt: str, decoding: Decoding) -> list[str]:
        """Captions of a batch of PIL images."""
        import torch

        text = self.prompt_text(prompt)
        inputs = self.processor(images=list(images), text=[text] * len(images), return_tensors="pt", padding=True)
        inputs = inputs.to(self.device)
        sample = decoding.temperature > 0
        torch.manual_seed(decoding.seed)
        options: dict[str, Any] = {"max_new_tokens": decoding.max_new_tokens, "do_sample": sample}
        if sample:
            options["temperature"] = decoding.temperature
        with torch.inference_mode():
            out = self.model.generate(**inputs, **options)
        new = out[:, inputs["input_ids"].shape[1]:]
        return [t.strip() for t in self.processor.batch_decode(new, skip_special_tokens=True)]

    def close(self) -> None:
        del self.model


def caption_all(client: HFClient, work: Iterable[tuple[str, Callable[[], Any]]], prompt: str, decoding: Decoding,
                on_answer: Callable[[str, str], None]) -> None:
    """Caption every (image id, image maker) in batches of ``client.batch_size``."""
    batch: list[tuple[str, Any]] = []
    for image_id, make_image in work:
        batch.append((image_id, make_image()))
        if len(batch) == client.batch_size:
            _flush(client, batch, prompt, decoding, on_answer)
    _flush(client, batch, prompt, decoding, on_answer)


def _flush(client: HFClient, batch: list[tuple[str, Any]], prompt: str, decoding: Decoding,
           on_answer: Callable[[str, str], None]) -> None:
    if not batch:
        return
    captions = client.caption([image for _, image in batch], prompt, decoding)
    for (image_id, _), caption in zip(batch, captions):
        on_answer(image_id, caption)
    batch.clear()
