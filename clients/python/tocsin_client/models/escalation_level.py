from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.escalation_level_mode import EscalationLevelMode

if TYPE_CHECKING:
    from ..models.escalation_target import EscalationTarget


T = TypeVar("T", bound="EscalationLevel")


@_attrs_define
class EscalationLevel:
    """
    Attributes:
        targets (list[EscalationTarget]):
        delay_minutes (float): Minutes to wait after paging this level before paging the next (after the last level:
            before the next round); fractions allowed. Round-robin: also the wait between one target and the next
        mode (EscalationLevelMode): `all` (default): every target is paged at once; `round_robin`: one target at a time
            in the order given, the next after `delay_minutes`, until someone acknowledges Default: EscalationLevelMode.ALL.
    """

    targets: list[EscalationTarget]
    delay_minutes: float
    mode: EscalationLevelMode = EscalationLevelMode.ALL

    def to_dict(self) -> dict[str, Any]:
        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        delay_minutes = self.delay_minutes

        mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targets": targets,
                "delay_minutes": delay_minutes,
                "mode": mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.escalation_target import EscalationTarget  # noqa: PLC0415

        d = dict(src_dict)
        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = EscalationTarget.from_dict(targets_item_data)

            targets.append(targets_item)

        delay_minutes = d.pop("delay_minutes")

        mode = EscalationLevelMode(d.pop("mode"))

        escalation_level = cls(
            targets=targets,
            delay_minutes=delay_minutes,
            mode=mode,
        )

        return escalation_level
