from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GroupingSettings")


@_attrs_define
class GroupingSettings:
    """
    Attributes:
        group_by (list[str]): Alerts whose values of these labels are equal share one incident (a label an alert lacks
            is left out, as in Alertmanager); `["..."]` groups by every label; `[]` puts all alerts in one group
        group_wait_seconds (int): How long a new group's incident gathers alerts before its first page (default 30)
            Default: 30.
        group_interval_seconds (int): Least time between two `incident.updated` notifications of alerts that joined an
            open group incident (default 300); joined alerts never page Default: 300.
    """

    group_by: list[str]
    group_wait_seconds: int = 30
    group_interval_seconds: int = 300

    def to_dict(self) -> dict[str, Any]:
        group_by = self.group_by

        group_wait_seconds = self.group_wait_seconds

        group_interval_seconds = self.group_interval_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group_by": group_by,
                "group_wait_seconds": group_wait_seconds,
                "group_interval_seconds": group_interval_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_by = cast(list[str], d.pop("group_by"))

        group_wait_seconds = d.pop("group_wait_seconds")

        group_interval_seconds = d.pop("group_interval_seconds")

        grouping_settings = cls(
            group_by=group_by,
            group_wait_seconds=group_wait_seconds,
            group_interval_seconds=group_interval_seconds,
        )

        return grouping_settings
