from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.channel_identity_kind import ChannelIdentityKind

T = TypeVar("T", bound="ChannelIdentity")


@_attrs_define
class ChannelIdentity:
    """
    Attributes:
        id (UUID):
        kind (ChannelIdentityKind):
        external_id (str): Your account on the channel (a Slack user id, a Matrix user id, a phone number)
        external_name (None | str):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    kind: ChannelIdentityKind
    external_id: str
    external_name: None | str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        external_id = self.external_id

        external_name: None | str
        external_name = self.external_name

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "external_id": external_id,
                "external_name": external_name,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = ChannelIdentityKind(d.pop("kind"))

        external_id = d.pop("external_id")

        def _parse_external_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_name = _parse_external_name(d.pop("external_name"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        channel_identity = cls(
            id=id,
            kind=kind,
            external_id=external_id,
            external_name=external_name,
            created_at=created_at,
        )

        return channel_identity
