from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OrganizationSettingsExecutions")


@_attrs_define
class OrganizationSettingsExecutions:
    """
    Attributes:
        approval_separation_of_duties (bool):  Default: False.
    """

    approval_separation_of_duties: bool = False

    def to_dict(self) -> dict[str, Any]:
        approval_separation_of_duties = self.approval_separation_of_duties

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approval_separation_of_duties": approval_separation_of_duties,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approval_separation_of_duties = d.pop("approval_separation_of_duties")

        organization_settings_executions = cls(
            approval_separation_of_duties=approval_separation_of_duties,
        )

        return organization_settings_executions
