from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ApprovalStepConfigInput")


@_attrs_define
class ApprovalStepConfigInput:
    """
    Attributes:
        instructions (str | Unset): Shown to the person who performs the step
    """

    instructions: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        instructions = self.instructions

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if instructions is not UNSET:
            field_dict["instructions"] = instructions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        instructions = d.pop("instructions", UNSET)

        approval_step_config_input = cls(
            instructions=instructions,
        )

        return approval_step_config_input
