from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.escalation_level_input_mode import EscalationLevelInputMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.escalation_target_input import EscalationTargetInput


T = TypeVar("T", bound="EscalationLevelInput")


@_attrs_define
class EscalationLevelInput:
    """
    Attributes:
        targets (list[EscalationTargetInput]):
        delay_minutes (float): Minutes to wait after paging this level before paging the next (after the last level:
            before the next round); fractions allowed. Round-robin: also the wait between one target and the next
        mode (EscalationLevelInputMode | Unset): `all` (default): every target is paged at once; `round_robin`: one
            target at a time in the order given, the next after `delay_minutes`, until someone acknowledges Default:
            EscalationLevelInputMode.ALL.
    """

    targets: list[EscalationTargetInput]
    delay_minutes: float
    mode: EscalationLevelInputMode | Unset = EscalationLevelInputMode.ALL

    def to_dict(self) -> dict[str, Any]:
        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        delay_minutes = self.delay_minutes

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targets": targets,
                "delay_minutes": delay_minutes,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode

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

        _mode = d.pop("mode", UNSET)
        mode: EscalationLevelInputMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = EscalationLevelInputMode(_mode)

        escalation_level_input = cls(
            targets=targets,
            delay_minutes=delay_minutes,
            mode=mode,
        )

        return escalation_level_input
