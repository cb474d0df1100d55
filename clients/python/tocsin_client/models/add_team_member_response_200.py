from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.add_team_member_response_200_meta import AddTeamMemberResponse200Meta
    from ..models.team import Team


T = TypeVar("T", bound="AddTeamMemberResponse200")


@_attrs_define
class AddTeamMemberResponse200:
    """
    Attributes:
        data (Team):
        meta (AddTeamMemberResponse200Meta):
    """

    data: Team
    meta: AddTeamMemberResponse200Meta

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
        from ..models.add_team_member_response_200_meta import AddTeamMemberResponse200Meta  # noqa: PLC0415
        from ..models.team import Team  # noqa: PLC0415

        d = dict(src_dict)
        data = Team.from_dict(d.pop("data"))

        meta = AddTeamMemberResponse200Meta.from_dict(d.pop("meta"))

        add_team_member_response_200 = cls(
            data=data,
            meta=meta,
        )

        return add_team_member_response_200
