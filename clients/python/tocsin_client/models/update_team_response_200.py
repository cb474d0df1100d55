from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.team import Team
    from ..models.update_team_response_200_meta import UpdateTeamResponse200Meta


T = TypeVar("T", bound="UpdateTeamResponse200")


@_attrs_define
class UpdateTeamResponse200:
    """
    Attributes:
        data (Team):
        meta (UpdateTeamResponse200Meta):
    """

    data: Team
    meta: UpdateTeamResponse200Meta

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
        from ..models.team import Team  # noqa: PLC0415
        from ..models.update_team_response_200_meta import UpdateTeamResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Team.from_dict(d.pop("data"))

        meta = UpdateTeamResponse200Meta.from_dict(d.pop("meta"))

        update_team_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_team_response_200
