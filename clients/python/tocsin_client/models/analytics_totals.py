from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AnalyticsTotals")


@_attrs_define
class AnalyticsTotals:
    """
    Attributes:
        incidents_created (int): Incidents created in the range (or bucket)
        incidents_resolved (int): Incidents resolved in the range (or bucket), whenever created
        open_at_end (int): Incidents not resolved at the end of the range (or bucket)
        mtta_seconds (float | None): Mean time from creation to the first status change out of `active` or the first
            assignment
        mttm_seconds (float | None): Mean time from creation to `mitigated`
        mttr_seconds (float | None): Mean time from creation to `resolved`
        p50_ttr_seconds (float | None):
        p90_ttr_seconds (float | None):
        alerts_received (int):
    """

    incidents_created: int
    incidents_resolved: int
    open_at_end: int
    mtta_seconds: float | None
    mttm_seconds: float | None
    mttr_seconds: float | None
    p50_ttr_seconds: float | None
    p90_ttr_seconds: float | None
    alerts_received: int

    def to_dict(self) -> dict[str, Any]:
        incidents_created = self.incidents_created

        incidents_resolved = self.incidents_resolved

        open_at_end = self.open_at_end

        mtta_seconds: float | None
        mtta_seconds = self.mtta_seconds

        mttm_seconds: float | None
        mttm_seconds = self.mttm_seconds

        mttr_seconds: float | None
        mttr_seconds = self.mttr_seconds

        p50_ttr_seconds: float | None
        p50_ttr_seconds = self.p50_ttr_seconds

        p90_ttr_seconds: float | None
        p90_ttr_seconds = self.p90_ttr_seconds

        alerts_received = self.alerts_received

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "incidents_created": incidents_created,
                "incidents_resolved": incidents_resolved,
                "open_at_end": open_at_end,
                "mtta_seconds": mtta_seconds,
                "mttm_seconds": mttm_seconds,
                "mttr_seconds": mttr_seconds,
                "p50_ttr_seconds": p50_ttr_seconds,
                "p90_ttr_seconds": p90_ttr_seconds,
                "alerts_received": alerts_received,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        incidents_created = d.pop("incidents_created")

        incidents_resolved = d.pop("incidents_resolved")

        open_at_end = d.pop("open_at_end")

        def _parse_mtta_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mtta_seconds = _parse_mtta_seconds(d.pop("mtta_seconds"))

        def _parse_mttm_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mttm_seconds = _parse_mttm_seconds(d.pop("mttm_seconds"))

        def _parse_mttr_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mttr_seconds = _parse_mttr_seconds(d.pop("mttr_seconds"))

        def _parse_p50_ttr_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p50_ttr_seconds = _parse_p50_ttr_seconds(d.pop("p50_ttr_seconds"))

        def _parse_p90_ttr_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p90_ttr_seconds = _parse_p90_ttr_seconds(d.pop("p90_ttr_seconds"))

        alerts_received = d.pop("alerts_received")

        analytics_totals = cls(
            incidents_created=incidents_created,
            incidents_resolved=incidents_resolved,
            open_at_end=open_at_end,
            mtta_seconds=mtta_seconds,
            mttm_seconds=mttm_seconds,
            mttr_seconds=mttr_seconds,
            p50_ttr_seconds=p50_ttr_seconds,
            p90_ttr_seconds=p90_ttr_seconds,
            alerts_received=alerts_received,
        )

        return analytics_totals
