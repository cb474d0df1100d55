from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_schedule_body import CreateScheduleBody
from ...models.create_schedule_response_201 import CreateScheduleResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateScheduleBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/schedules",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateScheduleResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateScheduleResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

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
) -> Response[CreateScheduleResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Response[CreateScheduleResponse201 | Error]:
    """Create an on-call schedule

     `time_zone` is any IANA name or alias, kept as given. An organization has at most 500 schedules (409
    beyond). Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands
    off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across
    a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of
    wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user
    must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar
    URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only,
    since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched
    through the outbound guard (internal addresses refused) right after the write and every 15 minutes,
    and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps
    the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with
    its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the
    organization.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScheduleResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> CreateScheduleResponse201 | Error | None:
    """Create an on-call schedule

     `time_zone` is any IANA name or alias, kept as given. An organization has at most 500 schedules (409
    beyond). Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands
    off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across
    a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of
    wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user
    must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar
    URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only,
    since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched
    through the outbound guard (internal addresses refused) right after the write and every 15 minutes,
    and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps
    the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with
    its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the
    organization.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScheduleResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Response[CreateScheduleResponse201 | Error]:
    """Create an on-call schedule

     `time_zone` is any IANA name or alias, kept as given. An organization has at most 500 schedules (409
    beyond). Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands
    off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across
    a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of
    wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user
    must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar
    URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only,
    since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched
    through the outbound guard (internal addresses refused) right after the write and every 15 minutes,
    and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps
    the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with
    its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the
    organization.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScheduleResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> CreateScheduleResponse201 | Error | None:
    """Create an on-call schedule

     `time_zone` is any IANA name or alias, kept as given. An organization has at most 500 schedules (409
    beyond). Layers are ordered, lowest first: a later layer wins where it has someone. A rotation hands
    off at `handoff_time` in the schedule `time_zone` (weekly: on `handoff_day`), so a daily turn across
    a DST change lasts 23 or 25 hours, like the wall clock; a `custom` rotation counts `turn_hours` of
    wall-clock time. `restrictions` limit a layer to windows of the day in the schedule zone. Every user
    must be a member of the organization (422 otherwise). An `ical` layer imports an external iCalendar
    URL instead of rotating: its `url` is write-only (answered as `url_hint`, scheme and host only,
    since calendar URLs carry secret tokens) and must be http(s) without credentials; it is fetched
    through the outbound guard (internal addresses refused) right after the write and every 15 minutes,
    and its `last_fetched_at`, `last_error` and `event_count` show how that went (a failed fetch keeps
    the events of the last good one). To keep an `ical` layer when replacing `layers`, send it back with
    its `id` (`url` may then be left out). Each change sends a `schedule.updated` WebSocket event to the
    organization.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScheduleResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
