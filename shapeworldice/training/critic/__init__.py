"""The learned caption critic of Cui et al. ("Learning to Evaluate Image Captioning", CVPR 2018).

A small network that reads an image, a human reference caption and a candidate caption and says
how likely the candidate is a human one (P(human)). Trained on a built dataset's own images and
vocabulary with the world model as a referee: a caption used as a *fake* is always checked false
(or ungrammatical) on its image first, which the original could not do.

It lives under :mod:`shapeworldice.training` because it is trained like the baseline captioners:
same ``[train]`` extra, same image encoder (:class:`~shapeworldice.training.model.Encoder`),
device choice, model checkpoints and vocabulary. Modules: :mod:`.model` (the network),
:mod:`.negatives` (fakes, each checked false), :mod:`.loop` (training, held-out AUC) and
:mod:`.measure` (the trained critic as a catalogue measure). Nothing here imports torch at
package import.
"""
from __future__ import annotations

__all__: list[str] = []
