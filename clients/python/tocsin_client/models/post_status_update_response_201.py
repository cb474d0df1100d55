from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_status_update_response_201_meta import PostStatusUpdateResponse201Meta
    from ..models.status_update import StatusUpdate


T = TypeVar("T", bound="PostStatusUpdateResponse201")


@_attrs_define
class PostStatusUpdateResponse201:
    """
    Attributes:
        data (StatusUpdate):
        meta (PostStatusUpdateResponse201Meta):
    """

    data: StatusUpdate
    meta: PostStatusUpdateResponse201Meta

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
        from ..models.post_status_update_response_201_meta import PostStatusUpdateResponse201Meta  # noqa: PLC0415
        from ..models.status_update import StatusUpdate  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusUpdate.from_dict(d.pop("data"))

        meta = PostStatusUpdateResponse201Meta.from_dict(d.pop("meta"))

        post_status_update_response_201 = cls(
            data=data,
            meta=meta,
        )

        return post_status_update_response_201
