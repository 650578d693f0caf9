"""A tiny LLaVA (CLIP vision tower + Llama language model) with random weights and a word-level
tokenizer made from ShapeWorldICE's caption words, built from configs and saved to a folder:
a real ``AutoModelForImageTextToText`` that loads offline, for tests and the benchmark."""
from __future__ import annotations

from pathlib import Path

SPECIALS = ["<pad>", "<unk>", "<s>", "</s>", "<image>"]
CHAT_TEMPLATE = ("{% for message in messages %}{% for part in message['content'] %}"
                 "{% if part['type'] == 'image' %}<image> {% elif part['type'] == 'text' %}{{ part['text'] }} "
                 "{% endif %}{% endfor %}{% endfor %}{% if add_generation_prompt %}caption : {% endif %}")


def build_tiny_llava(folder: str | Path, words: list[str], seed: int = 0) -> Path:
    """Save a tiny LLaVA whose vocabulary is ``words`` (plus special tokens) to ``folder``."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import (CLIPImageProcessor, CLIPVisionConfig, LlamaConfig, LlavaConfig,
                              LlavaForConditionalGeneration, LlavaProcessor, PreTrainedTokenizerFast)

    folder = Path(folder)
    vocab = {token: i for i, token in enumerate(SPECIALS + sorted(set(words) - set(SPECIALS)))}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, unk_token="<unk>", pad_token="<pad>", bos_token="<s>",
                                        eos_token="</s>", extra_special_tokens={"image_token": "<image>"})
    image_processor = CLIPImageProcessor(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32})
    processor = LlavaProcessor(image_processor=image_processor, tokenizer=tokenizer, patch_size=16,
                               vision_feature_select_strategy="default", chat_template=CHAT_TEMPLATE,
                               num_additional_image_tokens=1)
    config = LlavaConfig(
        vision_config=CLIPVisionConfig(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
                                       image_size=32, patch_size=16),
        text_config=LlamaConfig(vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=256,
                                pad_token_id=0, bos_token_id=2, eos_token_id=3),
        image_token_index=vocab["<image>"], vision_feature_select_strategy="default", pad_token_id=0)
    torch.manual_seed(seed)
    model = LlavaForConditionalGeneration(config).eval()
    model.generation_config.pad_token_id = 0
    model.generation_config.eos_token_id = 3
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder
