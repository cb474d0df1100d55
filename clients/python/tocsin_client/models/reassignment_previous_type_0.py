from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReassignmentPreviousType0")


@_attrs_define
class ReassignmentPreviousType0:
    """
    Attributes:
        policy_id (None | UUID):
        level (int | None): The level it had paged last, from 1
        round_ (int | None):
    """

    policy_id: None | UUID
    level: int | None
    round_: int | None

    def to_dict(self) -> dict[str, Any]:
        policy_id: None | str
        if isinstance(self.policy_id, UUID):
            policy_id = str(self.policy_id)
        else:
            policy_id = self.policy_id

        level: int | None
        level = self.level

        round_: int | None
        round_ = self.round_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "policy_id": policy_id,
                "level": level,
                "round": round_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_policy_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                policy_id_type_0 = UUID(data)

                return policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        policy_id = _parse_policy_id(d.pop("policy_id"))

        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        reassignment_previous_type_0 = cls(
            policy_id=policy_id,
            level=level,
            round_=round_,
        )

        return reassignment_previous_type_0
