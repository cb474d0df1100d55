from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_invitation_response_201_meta import CreateInvitationResponse201Meta
    from ..models.invitation import Invitation


T = TypeVar("T", bound="CreateInvitationResponse201")


@_attrs_define
class CreateInvitationResponse201:
    """
    Attributes:
        data (Invitation):
        meta (CreateInvitationResponse201Meta):
    """

    data: Invitation
    meta: CreateInvitationResponse201Meta

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
        from ..models.create_invitation_response_201_meta import CreateInvitationResponse201Meta  # noqa: PLC0415
        from ..models.invitation import Invitation  # noqa: PLC0415

        d = dict(src_dict)
        data = Invitation.from_dict(d.pop("data"))

        meta = CreateInvitationResponse201Meta.from_dict(d.pop("meta"))

        create_invitation_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_invitation_response_201
