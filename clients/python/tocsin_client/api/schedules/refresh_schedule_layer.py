from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.refresh_schedule_layer_response_200 import RefreshScheduleLayerResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    layer_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/schedules/{id}/layers/{layer_id}/refresh".format(
            id=quote(str(id), safe=""),
            layer_id=quote(str(layer_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RefreshScheduleLayerResponse200 | None:
    if response.status_code == 200:
        response_200 = RefreshScheduleLayerResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | RefreshScheduleLayerResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    layer_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | RefreshScheduleLayerResponse200]:
    """Fetch an `ical` layer's calendar now

     Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to
    45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and
    `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the
    layer is not an `ical` layer of this schedule.

    Args:
        id (UUID):
        layer_id (UUID): The `id` of an `ical` layer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RefreshScheduleLayerResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        layer_id=layer_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    layer_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | RefreshScheduleLayerResponse200 | None:
    """Fetch an `ical` layer's calendar now

     Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to
    45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and
    `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the
    layer is not an `ical` layer of this schedule.

    Args:
        id (UUID):
        layer_id (UUID): The `id` of an `ical` layer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RefreshScheduleLayerResponse200
    """

    return sync_detailed(
        id=id,
        layer_id=layer_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    layer_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | RefreshScheduleLayerResponse200]:
    """Fetch an `ical` layer's calendar now

     Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to
    45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and
    `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the
    layer is not an `ical` layer of this schedule.

    Args:
        id (UUID):
        layer_id (UUID): The `id` of an `ical` layer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RefreshScheduleLayerResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        layer_id=layer_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    layer_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | RefreshScheduleLayerResponse200 | None:
    """Fetch an `ical` layer's calendar now

     Fetches the layer's iCalendar URL through the outbound guard and imports its events, waiting up to
    45 seconds for the fetch, then answers the schedule: the layer's `last_fetched_at`, `last_error` and
    `event_count` tell how it went. A failed fetch keeps the events of the last good one. 404 when the
    layer is not an `ical` layer of this schedule.

    Args:
        id (UUID):
        layer_id (UUID): The `id` of an `ical` layer

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RefreshScheduleLayerResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            layer_id=layer_id,
            client=client,
        )
    ).parsed
