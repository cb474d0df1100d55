from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage
    from ..models.post_incident_message_response_201_meta import PostIncidentMessageResponse201Meta


T = TypeVar("T", bound="PostIncidentMessageResponse201")


@_attrs_define
class PostIncidentMessageResponse201:
    """
    Attributes:
        data (ChatMessage):
        meta (PostIncidentMessageResponse201Meta):
    """

    data: ChatMessage
    meta: PostIncidentMessageResponse201Meta

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
        from ..models.chat_message import ChatMessage  # noqa: PLC0415
        from ..models.post_incident_message_response_201_meta import PostIncidentMessageResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ChatMessage.from_dict(d.pop("data"))

        meta = PostIncidentMessageResponse201Meta.from_dict(d.pop("meta"))

        post_incident_message_response_201 = cls(
            data=data,
            meta=meta,
        )

        return post_incident_message_response_201
