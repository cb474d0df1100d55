from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.postmortem_action_item import PostmortemActionItem
    from ..models.update_postmortem_action_item_response_200_meta import UpdatePostmortemActionItemResponse200Meta


T = TypeVar("T", bound="UpdatePostmortemActionItemResponse200")


@_attrs_define
class UpdatePostmortemActionItemResponse200:
    """
    Attributes:
        data (PostmortemActionItem):
        meta (UpdatePostmortemActionItemResponse200Meta):
    """

    data: PostmortemActionItem
    meta: UpdatePostmortemActionItemResponse200Meta

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
        from ..models.postmortem_action_item import PostmortemActionItem  # noqa: PLC0415
        from ..models.update_postmortem_action_item_response_200_meta import UpdatePostmortemActionItemResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = PostmortemActionItem.from_dict(d.pop("data"))

        meta = UpdatePostmortemActionItemResponse200Meta.from_dict(d.pop("meta"))

        update_postmortem_action_item_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_postmortem_action_item_response_200
