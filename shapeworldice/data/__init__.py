"""Datasets: declarative definitions, the resumable builder, Parquet shards, loading and export."""
from .definition import DatasetDefinition, list_definitions, load_definition
from .loader import Instance, Split, TorchDataset, load

__all__ = ["DatasetDefinition", "Instance", "Split", "TorchDataset", "list_definitions", "load",
           "load_definition"]
