from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_postmortem_body_status import UpdatePostmortemBodyStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdatePostmortemBody")


@_attrs_define
class UpdatePostmortemBody:
    """
    Attributes:
        title (str | Unset):
        content (str | Unset): The postmortem as Markdown, at most 200000 characters
        status (UpdatePostmortemBodyStatus | Unset): `draft` → `in_review` → `published` (any order is allowed; the
            first publication is recorded in `published_at`)
    """

    title: str | Unset = UNSET
    content: str | Unset = UNSET
    status: UpdatePostmortemBodyStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        content = self.content

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if content is not UNSET:
            field_dict["content"] = content
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        content = d.pop("content", UNSET)

        _status = d.pop("status", UNSET)
        status: UpdatePostmortemBodyStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = UpdatePostmortemBodyStatus(_status)

        update_postmortem_body = cls(
            title=title,
            content=content,
            status=status,
        )

        return update_postmortem_body
