from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TestIntegrationMappingBody")


@_attrs_define
class TestIntegrationMappingBody:
    """
    Attributes:
        sample (Any): Any JSON value without a NUL character in its strings or keys
        template (str | Unset): A template to try instead of the integration's stored one
    """

    sample: Any
    template: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sample = self.sample

        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sample": sample,
            }
        )
        if template is not UNSET:
            field_dict["template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sample = d.pop("sample")

        template = d.pop("template", UNSET)

        test_integration_mapping_body = cls(
            sample=sample,
            template=template,
        )

        return test_integration_mapping_body
