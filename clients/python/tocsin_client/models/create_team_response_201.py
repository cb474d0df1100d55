from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_team_response_201_meta import CreateTeamResponse201Meta
    from ..models.team import Team


T = TypeVar("T", bound="CreateTeamResponse201")


@_attrs_define
class CreateTeamResponse201:
    """
    Attributes:
        data (Team):
        meta (CreateTeamResponse201Meta):
    """

    data: Team
    meta: CreateTeamResponse201Meta

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
        from ..models.create_team_response_201_meta import CreateTeamResponse201Meta  # noqa: PLC0415
        from ..models.team import Team  # noqa: PLC0415

        d = dict(src_dict)
        data = Team.from_dict(d.pop("data"))

        meta = CreateTeamResponse201Meta.from_dict(d.pop("meta"))

        create_team_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_team_response_201
