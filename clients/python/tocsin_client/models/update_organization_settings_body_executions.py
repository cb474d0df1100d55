from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateOrganizationSettingsBodyExecutions")


@_attrs_define
class UpdateOrganizationSettingsBodyExecutions:
    """
    Attributes:
        approval_separation_of_duties (bool | Unset):
    """

    approval_separation_of_duties: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        approval_separation_of_duties = self.approval_separation_of_duties

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if approval_separation_of_duties is not UNSET:
            field_dict["approval_separation_of_duties"] = approval_separation_of_duties

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approval_separation_of_duties = d.pop("approval_separation_of_duties", UNSET)

        update_organization_settings_body_executions = cls(
            approval_separation_of_duties=approval_separation_of_duties,
        )

        return update_organization_settings_body_executions
