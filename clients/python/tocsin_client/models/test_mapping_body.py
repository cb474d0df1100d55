from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TestMappingBody")


@_attrs_define
class TestMappingBody:
    """
    Attributes:
        template (str): `generic_json` only: a JSONata template that maps the body to one alert object (or an array of
            them) with `title`, `severity`, `fingerprint`, `status` (firing or resolved) and `labels`, optionally
            `description` and `source` (kept as the `source` label). Compiled when saved: a template that does not compile
            is 422 naming the position of the error. null: the body itself must have that shape.
        sample (Any): Any JSON value without a NUL character in its strings or keys
    """

    template: str
    sample: Any

    def to_dict(self) -> dict[str, Any]:
        template = self.template

        sample = self.sample

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template": template,
                "sample": sample,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        template = d.pop("template")

        sample = d.pop("sample")

        test_mapping_body = cls(
            template=template,
            sample=sample,
        )

        return test_mapping_body
