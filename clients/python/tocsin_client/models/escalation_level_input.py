from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.escalation_target_input import EscalationTargetInput


T = TypeVar("T", bound="EscalationLevelInput")


@_attrs_define
class EscalationLevelInput:
    """
    Attributes:
        targets (list[EscalationTargetInput]):
        delay_minutes (float): Minutes to wait after paging this level before paging the next (after the last level:
            before the next round); fractions allowed
    """

    targets: list[EscalationTargetInput]
    delay_minutes: float

    def to_dict(self) -> dict[str, Any]:
        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        delay_minutes = self.delay_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targets": targets,
                "delay_minutes": delay_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.escalation_target_input import EscalationTargetInput  # noqa: PLC0415

        d = dict(src_dict)
        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = EscalationTargetInput.from_dict(targets_item_data)

            targets.append(targets_item)

        delay_minutes = d.pop("delay_minutes")

        escalation_level_input = cls(
            targets=targets,
            delay_minutes=delay_minutes,
        )

        return escalation_level_input
