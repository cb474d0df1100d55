from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chat_feed import ChatFeed
    from ..models.create_chat_feed_response_201_meta import CreateChatFeedResponse201Meta


T = TypeVar("T", bound="CreateChatFeedResponse201")


@_attrs_define
class CreateChatFeedResponse201:
    """
    Attributes:
        data (ChatFeed):
        meta (CreateChatFeedResponse201Meta):
    """

    data: ChatFeed
    meta: CreateChatFeedResponse201Meta

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
        from ..models.chat_feed import ChatFeed  # noqa: PLC0415
        from ..models.create_chat_feed_response_201_meta import CreateChatFeedResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = ChatFeed.from_dict(d.pop("data"))

        meta = CreateChatFeedResponse201Meta.from_dict(d.pop("meta"))

        create_chat_feed_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_chat_feed_response_201
