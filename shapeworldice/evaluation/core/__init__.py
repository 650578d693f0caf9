"""The GTD evaluator: a caption set in, a report out (analysis → scoring → report)."""
