from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatePostmortemBody")


@_attrs_define
class CreatePostmortemBody:
    """
    Attributes:
        title (str | Unset): Defaults to "Postmortem: <incident title>"
    """

    title: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        create_postmortem_body = cls(
            title=title,
        )

        return create_postmortem_body
