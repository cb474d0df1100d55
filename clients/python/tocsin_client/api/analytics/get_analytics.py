import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_analytics_group_by import GetAnalyticsGroupBy
from ...models.get_analytics_interval import GetAnalyticsInterval
from ...models.get_analytics_response_200 import GetAnalyticsResponse200
from ...models.get_analytics_severity import GetAnalyticsSeverity
from ...models.get_analytics_source import GetAnalyticsSource
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.date | datetime.datetime | Unset = UNSET,
    to: datetime.date | datetime.datetime | Unset = UNSET,
    group_by: GetAnalyticsGroupBy | Unset = UNSET,
    interval: GetAnalyticsInterval | Unset = GetAnalyticsInterval.DAY,
    severity: GetAnalyticsSeverity | Unset = UNSET,
    source: GetAnalyticsSource | Unset = UNSET,
    integration_id: UUID | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset
    if isinstance(from_, Unset):
        json_from_ = UNSET
    elif isinstance(from_, datetime.date):
        json_from_ = from_.isoformat()
    else:
        json_from_ = from_.isoformat()

    params["from"] = json_from_

    json_to: str | Unset
    if isinstance(to, Unset):
        json_to = UNSET
    elif isinstance(to, datetime.date):
        json_to = to.isoformat()
    else:
        json_to = to.isoformat()

    params["to"] = json_to

    json_group_by: str | Unset = UNSET
    if not isinstance(group_by, Unset):
        json_group_by = group_by.value

    params["group_by"] = json_group_by

    json_interval: str | Unset = UNSET
    if not isinstance(interval, Unset):
        json_interval = interval.value

    params["interval"] = json_interval

    json_severity: str | Unset = UNSET
    if not isinstance(severity, Unset):
        json_severity = severity.value

    params["severity"] = json_severity

    json_source: str | Unset = UNSET
    if not isinstance(source, Unset):
        json_source = source.value

    params["source"] = json_source

    json_integration_id: str | Unset = UNSET
    if not isinstance(integration_id, Unset):
        json_integration_id = str(integration_id)
    params["integration_id"] = json_integration_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/analytics",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetAnalyticsResponse200 | None:
    if response.status_code == 200:
        response_200 = GetAnalyticsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | GetAnalyticsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | datetime.datetime | Unset = UNSET,
    to: datetime.date | datetime.datetime | Unset = UNSET,
    group_by: GetAnalyticsGroupBy | Unset = UNSET,
    interval: GetAnalyticsInterval | Unset = GetAnalyticsInterval.DAY,
    severity: GetAnalyticsSeverity | Unset = UNSET,
    source: GetAnalyticsSource | Unset = UNSET,
    integration_id: UUID | Unset = UNSET,
) -> Response[Error | GetAnalyticsResponse200]:
    """Incident metrics over a date range: MTTA, MTTM, MTTR, counts, alerts; grouped and as a series

     Incidents created in `[from, to)` give `incidents_created` and the means: MTTA (creation to the
    first status change out of `active` or the first assignment), MTTM (to `mitigated`), MTTR (to
    `resolved`) with its p50 and p90, each over the incidents that reached the state before `to`, `null`
    when none did. `incidents_resolved` counts resolutions in the range whenever the incident was
    created; `open_at_end` the incidents not resolved at the end of the range (per bucket: at the end of
    the bucket). Incidents group and filter by their current severity, source, integration, assignee and
    status; alerts by their own severity, platform and integration, and by their incident's assignee and
    status. `series` buckets (day, week from Monday, month) start at local midnight in the
    organization's `timezone` setting. The range spans at most 731 days.

    Args:
        from_ (datetime.date | datetime.datetime | Unset): Start of the range, inclusive: an ISO
            date (midnight UTC) or date-time. Default: 30 days before `to`
        to (datetime.date | datetime.datetime | Unset): End of the range, exclusive. Default: now
        group_by (GetAnalyticsGroupBy | Unset): Also report the metrics per value of this
            attribute (`groups`); alerts count by their incident’s assignee, status and priority.
            Grouping by `priority` reads every incident of the range (not the daily rollup), so it is
            slower over long ranges
        interval (GetAnalyticsInterval | Unset): Width of the `series` buckets, aligned in the
            organization's `timezone` setting Default: GetAnalyticsInterval.DAY.
        severity (GetAnalyticsSeverity | Unset):
        source (GetAnalyticsSource | Unset): The platform an incident came from, or `manual`
        integration_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetAnalyticsResponse200]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        group_by=group_by,
        interval=interval,
        severity=severity,
        source=source,
        integration_id=integration_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | datetime.datetime | Unset = UNSET,
    to: datetime.date | datetime.datetime | Unset = UNSET,
    group_by: GetAnalyticsGroupBy | Unset = UNSET,
    interval: GetAnalyticsInterval | Unset = GetAnalyticsInterval.DAY,
    severity: GetAnalyticsSeverity | Unset = UNSET,
    source: GetAnalyticsSource | Unset = UNSET,
    integration_id: UUID | Unset = UNSET,
) -> Error | GetAnalyticsResponse200 | None:
    """Incident metrics over a date range: MTTA, MTTM, MTTR, counts, alerts; grouped and as a series

     Incidents created in `[from, to)` give `incidents_created` and the means: MTTA (creation to the
    first status change out of `active` or the first assignment), MTTM (to `mitigated`), MTTR (to
    `resolved`) with its p50 and p90, each over the incidents that reached the state before `to`, `null`
    when none did. `incidents_resolved` counts resolutions in the range whenever the incident was
    created; `open_at_end` the incidents not resolved at the end of the range (per bucket: at the end of
    the bucket). Incidents group and filter by their current severity, source, integration, assignee and
    status; alerts by their own severity, platform and integration, and by their incident's assignee and
    status. `series` buckets (day, week from Monday, month) start at local midnight in the
    organization's `timezone` setting. The range spans at most 731 days.

    Args:
        from_ (datetime.date | datetime.datetime | Unset): Start of the range, inclusive: an ISO
            date (midnight UTC) or date-time. Default: 30 days before `to`
        to (datetime.date | datetime.datetime | Unset): End of the range, exclusive. Default: now
        group_by (GetAnalyticsGroupBy | Unset): Also report the metrics per value of this
            attribute (`groups`); alerts count by their incident’s assignee, status and priority.
            Grouping by `priority` reads every incident of the range (not the daily rollup), so it is
            slower over long ranges
        interval (GetAnalyticsInterval | Unset): Width of the `series` buckets, aligned in the
            organization's `timezone` setting Default: GetAnalyticsInterval.DAY.
        severity (GetAnalyticsSeverity | Unset):
        source (GetAnalyticsSource | Unset): The platform an incident came from, or `manual`
        integration_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetAnalyticsResponse200
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        group_by=group_by,
        interval=interval,
        severity=severity,
        source=source,
        integration_id=integration_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | datetime.datetime | Unset = UNSET,
    to: datetime.date | datetime.datetime | Unset = UNSET,
    group_by: GetAnalyticsGroupBy | Unset = UNSET,
    interval: GetAnalyticsInterval | Unset = GetAnalyticsInterval.DAY,
    severity: GetAnalyticsSeverity | Unset = UNSET,
    source: GetAnalyticsSource | Unset = UNSET,
    integration_id: UUID | Unset = UNSET,
) -> Response[Error | GetAnalyticsResponse200]:
    """Incident metrics over a date range: MTTA, MTTM, MTTR, counts, alerts; grouped and as a series

     Incidents created in `[from, to)` give `incidents_created` and the means: MTTA (creation to the
    first status change out of `active` or the first assignment), MTTM (to `mitigated`), MTTR (to
    `resolved`) with its p50 and p90, each over the incidents that reached the state before `to`, `null`
    when none did. `incidents_resolved` counts resolutions in the range whenever the incident was
    created; `open_at_end` the incidents not resolved at the end of the range (per bucket: at the end of
    the bucket). Incidents group and filter by their current severity, source, integration, assignee and
    status; alerts by their own severity, platform and integration, and by their incident's assignee and
    status. `series` buckets (day, week from Monday, month) start at local midnight in the
    organization's `timezone` setting. The range spans at most 731 days.

    Args:
        from_ (datetime.date | datetime.datetime | Unset): Start of the range, inclusive: an ISO
            date (midnight UTC) or date-time. Default: 30 days before `to`
        to (datetime.date | datetime.datetime | Unset): End of the range, exclusive. Default: now
        group_by (GetAnalyticsGroupBy | Unset): Also report the metrics per value of this
            attribute (`groups`); alerts count by their incident’s assignee, status and priority.
            Grouping by `priority` reads every incident of the range (not the daily rollup), so it is
            slower over long ranges
        interval (GetAnalyticsInterval | Unset): Width of the `series` buckets, aligned in the
            organization's `timezone` setting Default: GetAnalyticsInterval.DAY.
        severity (GetAnalyticsSeverity | Unset):
        source (GetAnalyticsSource | Unset): The platform an incident came from, or `manual`
        integration_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetAnalyticsResponse200]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        group_by=group_by,
        interval=interval,
        severity=severity,
        source=source,
        integration_id=integration_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | datetime.datetime | Unset = UNSET,
    to: datetime.date | datetime.datetime | Unset = UNSET,
    group_by: GetAnalyticsGroupBy | Unset = UNSET,
    interval: GetAnalyticsInterval | Unset = GetAnalyticsInterval.DAY,
    severity: GetAnalyticsSeverity | Unset = UNSET,
    source: GetAnalyticsSource | Unset = UNSET,
    integration_id: UUID | Unset = UNSET,
) -> Error | GetAnalyticsResponse200 | None:
    """Incident metrics over a date range: MTTA, MTTM, MTTR, counts, alerts; grouped and as a series

     Incidents created in `[from, to)` give `incidents_created` and the means: MTTA (creation to the
    first status change out of `active` or the first assignment), MTTM (to `mitigated`), MTTR (to
    `resolved`) with its p50 and p90, each over the incidents that reached the state before `to`, `null`
    when none did. `incidents_resolved` counts resolutions in the range whenever the incident was
    created; `open_at_end` the incidents not resolved at the end of the range (per bucket: at the end of
    the bucket). Incidents group and filter by their current severity, source, integration, assignee and
    status; alerts by their own severity, platform and integration, and by their incident's assignee and
    status. `series` buckets (day, week from Monday, month) start at local midnight in the
    organization's `timezone` setting. The range spans at most 731 days.

    Args:
        from_ (datetime.date | datetime.datetime | Unset): Start of the range, inclusive: an ISO
            date (midnight UTC) or date-time. Default: 30 days before `to`
        to (datetime.date | datetime.datetime | Unset): End of the range, exclusive. Default: now
        group_by (GetAnalyticsGroupBy | Unset): Also report the metrics per value of this
            attribute (`groups`); alerts count by their incident’s assignee, status and priority.
            Grouping by `priority` reads every incident of the range (not the daily rollup), so it is
            slower over long ranges
        interval (GetAnalyticsInterval | Unset): Width of the `series` buckets, aligned in the
            organization's `timezone` setting Default: GetAnalyticsInterval.DAY.
        severity (GetAnalyticsSeverity | Unset):
        source (GetAnalyticsSource | Unset): The platform an incident came from, or `manual`
        integration_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetAnalyticsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            group_by=group_by,
            interval=interval,
            severity=severity,
            source=source,
            integration_id=integration_id,
        )
    ).parsed
