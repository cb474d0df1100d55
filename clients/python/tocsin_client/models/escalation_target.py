from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.escalation_target_type import EscalationTargetType

T = TypeVar("T", bound="EscalationTarget")


@_attrs_define
class EscalationTarget:
    """
    Attributes:
        type_ (EscalationTargetType): `user`: that member; `schedule`: whoever the schedule has on call when the level
            is paged; `team`: whoever the team's schedules have on call then, or every member of the team when nobody is
        id (UUID):
    """

    type_: EscalationTargetType
    id: UUID

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = str(self.id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = EscalationTargetType(d.pop("type"))

        id = UUID(d.pop("id"))

        escalation_target = cls(
            type_=type_,
            id=id,
        )

        return escalation_target
