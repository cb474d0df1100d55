from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.events_v2_accepted import EventsV2Accepted
from ...models.events_v2_invalid import EventsV2Invalid
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/change/enqueue",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    if response.status_code == 202:
        response_202 = EventsV2Accepted.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = EventsV2Invalid.from_dict(response.json())

        return response_400

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    """Send a change event (PagerDuty Events API v2)

     PagerDuty's change events: body `routing_key`, `payload.summary` (≤ 1024 characters), optional
    `payload.source`, `payload.timestamp`, `payload.custom_details`, `links`. Written as a
    `change_event` entry on the timeline of each open incident of the routing key's integration (the
    newest 100), as context for responders; opens nothing and pages no one. Answers 202 `{status:
    "success", message: "Change event processed"}`, or the 400 `invalid event` shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventsV2Accepted | EventsV2Invalid]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    """Send a change event (PagerDuty Events API v2)

     PagerDuty's change events: body `routing_key`, `payload.summary` (≤ 1024 characters), optional
    `payload.source`, `payload.timestamp`, `payload.custom_details`, `links`. Written as a
    `change_event` entry on the timeline of each open incident of the routing key's integration (the
    newest 100), as context for responders; opens nothing and pages no one. Answers 202 `{status:
    "success", message: "Change event processed"}`, or the 400 `invalid event` shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventsV2Accepted | EventsV2Invalid
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    """Send a change event (PagerDuty Events API v2)

     PagerDuty's change events: body `routing_key`, `payload.summary` (≤ 1024 characters), optional
    `payload.source`, `payload.timestamp`, `payload.custom_details`, `links`. Written as a
    `change_event` entry on the timeline of each open incident of the routing key's integration (the
    newest 100), as context for responders; opens nothing and pages no one. Answers 202 `{status:
    "success", message: "Change event processed"}`, or the 400 `invalid event` shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventsV2Accepted | EventsV2Invalid]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    """Send a change event (PagerDuty Events API v2)

     PagerDuty's change events: body `routing_key`, `payload.summary` (≤ 1024 characters), optional
    `payload.source`, `payload.timestamp`, `payload.custom_details`, `links`. Written as a
    `change_event` entry on the timeline of each open incident of the routing key's integration (the
    newest 100), as context for responders; opens nothing and pages no one. Answers 202 `{status:
    "success", message: "Change event processed"}`, or the 400 `invalid event` shape.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventsV2Accepted | EventsV2Invalid
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
