"""The critic network: image, reference and candidate → logits of (machine, human).

Following Cui et al.: the image vector (the baseline captioners' encoder) is projected and joined
with the LSTM encoding of a human *reference*; that context is concatenated with the encoding of
the *candidate*; one hidden ReLU layer and a 2-way softmax follow. One LSTM encodes both
captions; a sentence's vector is the LSTM output at its end token. Every caption gets an end
token however long it is (:func:`encode_captions` sizes the array to the longest caption), so no
caption is read as a zero vector — the original's defect at its length limit.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from ..config import known_fields
from ..model import Encoder
from ..vocab import END, Vocabulary, words


@dataclass(frozen=True)
class CriticShape:
    """The network's sizes (saved with every checkpoint; a resumed run must match them)."""

    channels: tuple[int, ...] = (16, 32, 64, 128)
    feature: int = 128
    embedding: int = 64
    hidden: int = 128
    mlp: int = 128

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "channels": list(self.channels)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CriticShape:
        return cls(**known_fields(cls, data))


def encode_captions(vocabulary: Vocabulary, captions: Sequence[str]) -> np.ndarray:
    """N×L token ids with an END after every caption's last word (L = longest caption + 1: no cut)."""
    length = max((len(words(c)) for c in captions), default=0) + 1
    return vocabulary.encode(captions, length)


class Critic(nn.Module):
    """Cui et al.'s discriminator on this project's image encoder."""

    def __init__(self, vocabulary_size: int, image_size: int, shape: CriticShape = CriticShape()):
        super().__init__()
        self.shape = shape
        self.encoder = Encoder(shape.channels, shape.feature, image_size)
        self.image_projection = nn.Linear(shape.feature, shape.hidden)
        self.embed = nn.Embedding(vocabulary_size, shape.embedding)
        self.lstm = nn.LSTM(shape.embedding, shape.hidden, batch_first=True)
        self.classifier = nn.Sequential(nn.Linear(3 * shape.hidden, shape.mlp), nn.ReLU(), nn.Linear(shape.mlp, 2))

    def images(self, images: torch.Tensor) -> torch.Tensor:
        """uint8 N×H×W×3 → the projected image vectors N×hidden."""
        return self.image_projection(self.encoder(images))

    def sentences(self, tokens: torch.Tensor) -> torch.Tensor:
        """N×L token ids (each row with an END) → N×hidden: the LSTM output at each row's first END."""
        out, _ = self.lstm(self.embed(tokens))
        ends = (tokens == END).int().argmax(dim=1)
        return out[torch.arange(tokens.shape[0], device=tokens.device), ends]

    def classify(self, image_vectors: torch.Tensor, references: torch.Tensor, candidates: torch.Tensor
                 ) -> torch.Tensor:
        """Logits N×2 (column 1 = human) from projected images and sentence vectors."""
        return self.classifier(torch.cat([image_vectors, references, candidates], dim=1))

    def forward(self, images: torch.Tensor, references: torch.Tensor, candidates: torch.Tensor) -> torch.Tensor:
        return self.classify(self.images(images), self.sentences(references), self.sentences(candidates))

    def loss(self, image_vectors: torch.Tensor, references: torch.Tensor, candidates: torch.Tensor,
             labels: torch.Tensor) -> torch.Tensor:
        """Cross-entropy of the 2-way softmax (label 1 = a human candidate)."""
        return F.cross_entropy(self.classify(image_vectors, self.sentences(references), self.sentences(candidates)),
                               labels)
