import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_incidents_priority import ListIncidentsPriority
from ...models.list_incidents_response_200 import ListIncidentsResponse200
from ...models.list_incidents_severity import ListIncidentsSeverity
from ...models.list_incidents_status import ListIncidentsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListIncidentsStatus | Unset = UNSET,
    severity: ListIncidentsSeverity | Unset = UNSET,
    priority: ListIncidentsPriority | Unset = UNSET,
    assignee_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    search: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_severity: str | Unset = UNSET
    if not isinstance(severity, Unset):
        json_severity = severity.value

    params["severity"] = json_severity

    json_priority: str | Unset = UNSET
    if not isinstance(priority, Unset):
        json_priority = priority.value

    params["priority"] = json_priority

    json_assignee_id: str | Unset = UNSET
    if not isinstance(assignee_id, Unset):
        json_assignee_id = str(assignee_id)
    params["assignee_id"] = json_assignee_id

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["search"] = search

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/incidents",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListIncidentsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListIncidentsResponse200.from_dict(response.json())

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
) -> Response[Error | ListIncidentsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListIncidentsStatus | Unset = UNSET,
    severity: ListIncidentsSeverity | Unset = UNSET,
    priority: ListIncidentsPriority | Unset = UNSET,
    assignee_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    search: str | Unset = UNSET,
) -> Response[Error | ListIncidentsResponse200]:
    """List incidents, newest first

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListIncidentsStatus | Unset):
        severity (ListIncidentsSeverity | Unset):
        priority (ListIncidentsPriority | Unset): P1 (most pressing) to P5, beside severity: what
            to work on first. Set by hand, or by the routing rule that routed it
        assignee_id (UUID | Unset):
        created_after (datetime.datetime | Unset): ISO 8601; incidents created at or after
        created_before (datetime.datetime | Unset): ISO 8601; incidents created before
        search (str | Unset): Full-text search over title and description

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListIncidentsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        status=status,
        severity=severity,
        priority=priority,
        assignee_id=assignee_id,
        created_after=created_after,
        created_before=created_before,
        search=search,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListIncidentsStatus | Unset = UNSET,
    severity: ListIncidentsSeverity | Unset = UNSET,
    priority: ListIncidentsPriority | Unset = UNSET,
    assignee_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    search: str | Unset = UNSET,
) -> Error | ListIncidentsResponse200 | None:
    """List incidents, newest first

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListIncidentsStatus | Unset):
        severity (ListIncidentsSeverity | Unset):
        priority (ListIncidentsPriority | Unset): P1 (most pressing) to P5, beside severity: what
            to work on first. Set by hand, or by the routing rule that routed it
        assignee_id (UUID | Unset):
        created_after (datetime.datetime | Unset): ISO 8601; incidents created at or after
        created_before (datetime.datetime | Unset): ISO 8601; incidents created before
        search (str | Unset): Full-text search over title and description

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListIncidentsResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
        status=status,
        severity=severity,
        priority=priority,
        assignee_id=assignee_id,
        created_after=created_after,
        created_before=created_before,
        search=search,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListIncidentsStatus | Unset = UNSET,
    severity: ListIncidentsSeverity | Unset = UNSET,
    priority: ListIncidentsPriority | Unset = UNSET,
    assignee_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    search: str | Unset = UNSET,
) -> Response[Error | ListIncidentsResponse200]:
    """List incidents, newest first

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListIncidentsStatus | Unset):
        severity (ListIncidentsSeverity | Unset):
        priority (ListIncidentsPriority | Unset): P1 (most pressing) to P5, beside severity: what
            to work on first. Set by hand, or by the routing rule that routed it
        assignee_id (UUID | Unset):
        created_after (datetime.datetime | Unset): ISO 8601; incidents created at or after
        created_before (datetime.datetime | Unset): ISO 8601; incidents created before
        search (str | Unset): Full-text search over title and description

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListIncidentsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        status=status,
        severity=severity,
        priority=priority,
        assignee_id=assignee_id,
        created_after=created_after,
        created_before=created_before,
        search=search,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListIncidentsStatus | Unset = UNSET,
    severity: ListIncidentsSeverity | Unset = UNSET,
    priority: ListIncidentsPriority | Unset = UNSET,
    assignee_id: UUID | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    search: str | Unset = UNSET,
) -> Error | ListIncidentsResponse200 | None:
    """List incidents, newest first

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListIncidentsStatus | Unset):
        severity (ListIncidentsSeverity | Unset):
        priority (ListIncidentsPriority | Unset): P1 (most pressing) to P5, beside severity: what
            to work on first. Set by hand, or by the routing rule that routed it
        assignee_id (UUID | Unset):
        created_after (datetime.datetime | Unset): ISO 8601; incidents created at or after
        created_before (datetime.datetime | Unset): ISO 8601; incidents created before
        search (str | Unset): Full-text search over title and description

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListIncidentsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
            status=status,
            severity=severity,
            priority=priority,
            assignee_id=assignee_id,
            created_after=created_after,
            created_before=created_before,
            search=search,
        )
    ).parsed
