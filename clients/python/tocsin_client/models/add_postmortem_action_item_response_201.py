from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.add_postmortem_action_item_response_201_meta import AddPostmortemActionItemResponse201Meta
    from ..models.postmortem_action_item import PostmortemActionItem


T = TypeVar("T", bound="AddPostmortemActionItemResponse201")


@_attrs_define
class AddPostmortemActionItemResponse201:
    """
    Attributes:
        data (PostmortemActionItem):
        meta (AddPostmortemActionItemResponse201Meta):
    """

    data: PostmortemActionItem
    meta: AddPostmortemActionItemResponse201Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.add_postmortem_action_item_response_201_meta import AddPostmortemActionItemResponse201Meta  # noqa: PLC0415
        from ..models.postmortem_action_item import PostmortemActionItem  # noqa: PLC0415

        d = dict(src_dict)
        data = PostmortemActionItem.from_dict(d.pop("data"))

        meta = AddPostmortemActionItemResponse201Meta.from_dict(d.pop("meta"))

        add_postmortem_action_item_response_201 = cls(
            data=data,
            meta=meta,
        )

        return add_postmortem_action_item_response_201
