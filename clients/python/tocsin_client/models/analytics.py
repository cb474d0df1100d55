from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.analytics_group_by_type_0 import AnalyticsGroupByType0
from ..models.analytics_interval import AnalyticsInterval

if TYPE_CHECKING:
    from ..models.analytics_groups_item import AnalyticsGroupsItem
    from ..models.analytics_range import AnalyticsRange
    from ..models.analytics_series_item import AnalyticsSeriesItem
    from ..models.analytics_totals import AnalyticsTotals


T = TypeVar("T", bound="Analytics")


@_attrs_define
class Analytics:
    """
    Attributes:
        range_ (AnalyticsRange):
        timezone (str): The organization's `timezone` setting, in which buckets are aligned
        interval (AnalyticsInterval):
        group_by (AnalyticsGroupByType0 | None):
        totals (AnalyticsTotals):
        groups (list[AnalyticsGroupsItem]):
        series (list[AnalyticsSeriesItem]):
    """

    range_: AnalyticsRange
    timezone: str
    interval: AnalyticsInterval
    group_by: AnalyticsGroupByType0 | None
    totals: AnalyticsTotals
    groups: list[AnalyticsGroupsItem]
    series: list[AnalyticsSeriesItem]

    def to_dict(self) -> dict[str, Any]:
        range_ = self.range_.to_dict()

        timezone = self.timezone

        interval = self.interval.value

        group_by: None | str
        if isinstance(self.group_by, AnalyticsGroupByType0):
            group_by = self.group_by.value
        else:
            group_by = self.group_by

        totals = self.totals.to_dict()

        groups = []
        for groups_item_data in self.groups:
            groups_item = groups_item_data.to_dict()
            groups.append(groups_item)

        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "range": range_,
                "timezone": timezone,
                "interval": interval,
                "group_by": group_by,
                "totals": totals,
                "groups": groups,
                "series": series,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analytics_groups_item import AnalyticsGroupsItem  # noqa: PLC0415
        from ..models.analytics_range import AnalyticsRange  # noqa: PLC0415
        from ..models.analytics_series_item import AnalyticsSeriesItem  # noqa: PLC0415
        from ..models.analytics_totals import AnalyticsTotals  # noqa: PLC0415

        d = dict(src_dict)
        range_ = AnalyticsRange.from_dict(d.pop("range"))

        timezone = d.pop("timezone")

        interval = AnalyticsInterval(d.pop("interval"))

        def _parse_group_by(data: object) -> AnalyticsGroupByType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                group_by_type_0 = AnalyticsGroupByType0(data)

                return group_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalyticsGroupByType0 | None, data)

        group_by = _parse_group_by(d.pop("group_by"))

        totals = AnalyticsTotals.from_dict(d.pop("totals"))

        groups = []
        _groups = d.pop("groups")
        for groups_item_data in _groups:
            groups_item = AnalyticsGroupsItem.from_dict(groups_item_data)

            groups.append(groups_item)

        series = []
        _series = d.pop("series")
        for series_item_data in _series:
            series_item = AnalyticsSeriesItem.from_dict(series_item_data)

            series.append(series_item)

        analytics = cls(
            range_=range_,
            timezone=timezone,
            interval=interval,
            group_by=group_by,
            totals=totals,
            groups=groups,
            series=series,
        )

        return analytics
