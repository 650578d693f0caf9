"""Records that are JSON documents: a frozen dataclass whose fields are a document's keys, read
with ``from_json`` and written back with ``to_json`` to the same bytes.

The evaluation's outputs (the report's parts, the studies' results) are read back by code as
records, by attribute; their files keep the JSON they always had. A record names every field its
document has and refuses a document with others, since a field it dropped would change the bytes
written back.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Mapping, Sequence, TypeVar

__all__ = ["JsonDocument", "JsonRecord", "check_fields"]


def check_fields(document: Mapping[str, Any], required: Sequence[str], optional: Sequence[str], what: str) -> None:
    """Refuse a document whose keys are not the record's: a field the record would drop would
    change the bytes written back."""
    unknown = set(document) - set(required) - set(optional)
    missing = set(required) - set(document)
    if unknown or missing:
        raise ValueError(f"not {what}: " + "; ".join(
            part for part in (unknown and f"unknown fields {sorted(unknown)}",
                              missing and f"missing fields {sorted(missing)}") if part))


R = TypeVar("R", bound="JsonRecord")


class JsonRecord:
    """A record whose fields are its JSON document's, in the document's order, value for value:
    ``from_json`` and ``to_json`` need no code of their own. ``OPTIONAL`` fields are left out of
    the document where they are None; item access reads a field as the document has it, for code
    written against the document as a dict."""

    __slots__ = ()
    OPTIONAL: ClassVar[tuple[str, ...]] = ()
    WHAT: ClassVar[str] = "a record"

    @classmethod
    def _names(cls) -> list[str]:
        return [f.name for f in fields(cls)]  # type: ignore[arg-type]

    @classmethod
    def from_json(cls: type[R], document: Mapping[str, Any]) -> R:
        names = cls._names()
        check_fields(document, [n for n in names if n not in cls.OPTIONAL], cls.OPTIONAL, cls.WHAT)
        return cls(**{name: cls._field_from_json(name, document.get(name)) for name in names})

    def to_json(self) -> dict[str, Any]:
        names = [n for n in self._names() if n not in self.OPTIONAL] + list(self.OPTIONAL)  # optional ones last
        values = {name: self._field_to_json(name, getattr(self, name)) for name in names}
        return {name: value for name, value in values.items() if value is not None or name not in self.OPTIONAL}

    @classmethod
    def _field_from_json(cls, name: str, value: Any) -> Any:
        """A field's value from the document's (a record of records reads its parts here)."""
        return value

    def _field_to_json(self, name: str, value: Any) -> Any:
        """A field's value as the document has it."""
        return value

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]


@dataclass(frozen=True, slots=True)
class JsonDocument(JsonRecord):
    """A record that is a whole output file, which may end with ``not_finite``: the values
    written as null because they were not finite numbers, and why (``outputs.json_text``)."""

    OPTIONAL = ("not_finite",)

    not_finite: Mapping[str, str] | None = field(default=None, kw_only=True)
