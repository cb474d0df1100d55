from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.accept_invitation_response_201_data import AcceptInvitationResponse201Data
    from ..models.accept_invitation_response_201_meta import AcceptInvitationResponse201Meta


T = TypeVar("T", bound="AcceptInvitationResponse201")


@_attrs_define
class AcceptInvitationResponse201:
    """
    Attributes:
        data (AcceptInvitationResponse201Data):
        meta (AcceptInvitationResponse201Meta):
    """

    data: AcceptInvitationResponse201Data
    meta: AcceptInvitationResponse201Meta

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
        from ..models.accept_invitation_response_201_data import AcceptInvitationResponse201Data  # noqa: PLC0415
        from ..models.accept_invitation_response_201_meta import AcceptInvitationResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = AcceptInvitationResponse201Data.from_dict(d.pop("data"))

        meta = AcceptInvitationResponse201Meta.from_dict(d.pop("meta"))

        accept_invitation_response_201 = cls(
            data=data,
            meta=meta,
        )

        return accept_invitation_response_201
