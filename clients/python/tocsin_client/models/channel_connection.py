from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.channel_connection_kind import ChannelConnectionKind

if TYPE_CHECKING:
    from ..models.channel_connection_summary import ChannelConnectionSummary


T = TypeVar("T", bound="ChannelConnection")


@_attrs_define
class ChannelConnection:
    """
    Attributes:
        kind (ChannelConnectionKind):
        summary (ChannelConnectionSummary): The safe part of the settings (server, account or bot name, which secrets
            are set); never a secret
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    kind: ChannelConnectionKind
    summary: ChannelConnectionSummary
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        summary = self.summary.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "summary": summary,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.channel_connection_summary import ChannelConnectionSummary  # noqa: PLC0415

        d = dict(src_dict)
        kind = ChannelConnectionKind(d.pop("kind"))

        summary = ChannelConnectionSummary.from_dict(d.pop("summary"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        channel_connection = cls(
            kind=kind,
            summary=summary,
            created_at=created_at,
            updated_at=updated_at,
        )

        return channel_connection
