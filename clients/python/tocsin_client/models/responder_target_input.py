from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.responder_target_input_type import ResponderTargetInputType

T = TypeVar("T", bound="ResponderTargetInput")


@_attrs_define
class ResponderTargetInput:
    """
    Attributes:
        type_ (ResponderTargetInputType): `user`: that member; `schedule`: whoever the schedule has on call now;
            `escalation_policy`: the people of its first level now (a schedule there: its on-call)
        id (UUID):
    """

    type_: ResponderTargetInputType
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
        type_ = ResponderTargetInputType(d.pop("type"))

        id = UUID(d.pop("id"))

        responder_target_input = cls(
            type_=type_,
            id=id,
        )

        return responder_target_input
