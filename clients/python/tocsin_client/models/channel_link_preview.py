from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.channel_link_preview_kind import ChannelLinkPreviewKind

T = TypeVar("T", bound="ChannelLinkPreview")


@_attrs_define
class ChannelLinkPreview:
    """
    Attributes:
        kind (ChannelLinkPreviewKind):
        external_id (str):
        external_name (None | str):
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    kind: ChannelLinkPreviewKind
    external_id: str
    external_name: None | str
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        external_id = self.external_id

        external_name: None | str
        external_name = self.external_name

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "external_id": external_id,
                "external_name": external_name,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ChannelLinkPreviewKind(d.pop("kind"))

        external_id = d.pop("external_id")

        def _parse_external_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_name = _parse_external_name(d.pop("external_name"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        channel_link_preview = cls(
            kind=kind,
            external_id=external_id,
            external_name=external_name,
            expires_at=expires_at,
        )

        return channel_link_preview
