from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BillingUsage")


@_attrs_define
class BillingUsage:
    """
    Attributes:
        period_start (datetime.datetime): ISO 8601 UTC timestamp
        period_end (datetime.datetime): ISO 8601 UTC timestamp
        alerts_ingested (int):
        api_requests (int):
        search_queries (int):
        members (int):
        integrations (int):
    """

    period_start: datetime.datetime
    period_end: datetime.datetime
    alerts_ingested: int
    api_requests: int
    search_queries: int
    members: int
    integrations: int

    def to_dict(self) -> dict[str, Any]:
        period_start = self.period_start.isoformat()

        period_end = self.period_end.isoformat()

        alerts_ingested = self.alerts_ingested

        api_requests = self.api_requests

        search_queries = self.search_queries

        members = self.members

        integrations = self.integrations

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "period_start": period_start,
                "period_end": period_end,
                "alerts_ingested": alerts_ingested,
                "api_requests": api_requests,
                "search_queries": search_queries,
                "members": members,
                "integrations": integrations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        period_start = datetime.datetime.fromisoformat(d.pop("period_start"))

        period_end = datetime.datetime.fromisoformat(d.pop("period_end"))

        alerts_ingested = d.pop("alerts_ingested")

        api_requests = d.pop("api_requests")

        search_queries = d.pop("search_queries")

        members = d.pop("members")

        integrations = d.pop("integrations")

        billing_usage = cls(
            period_start=period_start,
            period_end=period_end,
            alerts_ingested=alerts_ingested,
            api_requests=api_requests,
            search_queries=search_queries,
            members=members,
            integrations=integrations,
        )

        return billing_usage
