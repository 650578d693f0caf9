"""Asking vision-language models for captions of a build's images, and handing the build to the
tools VLM researchers use: a results file ``evaluate`` reads (:mod:`.results`), clients for
OpenAI-compatible servers (:mod:`.openai_client`) and local transformers models
(:mod:`.hf_client`), the run that ties them together (:mod:`.caption`), and an lmms-eval task
folder (:mod:`.lmms_tasks`).
"""
