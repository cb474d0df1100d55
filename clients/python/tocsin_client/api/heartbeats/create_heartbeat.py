from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_heartbeat_body import CreateHeartbeatBody
from ...models.create_heartbeat_response_201 import CreateHeartbeatResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateHeartbeatBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/heartbeats",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateHeartbeatResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateHeartbeatResponse201.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateHeartbeatResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateHeartbeatBody,
) -> Response[CreateHeartbeatResponse201 | Error]:
    """Create a heartbeat

     A heartbeat (dead man's switch) expects a ping at least every `period_seconds`; when none came for
    period + grace it lapses: an alert of its integration (dedup key `heartbeat-<id>`, label
    `alertname="HeartbeatMissed"`) opens an incident that pages through the integration's routing, and
    its next ping resolves that incident. The first period counts from creation. Each heartbeat is a
    durable Temporal timer: nothing is lost across restarts. The answer carries the ping URL and its
    secret `token`, shown only here (only its hash is stored; rotate to get a new one). 503 when
    Temporal cannot take the timer (nothing is kept).

    Args:
        body (CreateHeartbeatBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateHeartbeatResponse201 | Error]
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
    body: CreateHeartbeatBody,
) -> CreateHeartbeatResponse201 | Error | None:
    """Create a heartbeat

     A heartbeat (dead man's switch) expects a ping at least every `period_seconds`; when none came for
    period + grace it lapses: an alert of its integration (dedup key `heartbeat-<id>`, label
    `alertname="HeartbeatMissed"`) opens an incident that pages through the integration's routing, and
    its next ping resolves that incident. The first period counts from creation. Each heartbeat is a
    durable Temporal timer: nothing is lost across restarts. The answer carries the ping URL and its
    secret `token`, shown only here (only its hash is stored; rotate to get a new one). 503 when
    Temporal cannot take the timer (nothing is kept).

    Args:
        body (CreateHeartbeatBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateHeartbeatResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateHeartbeatBody,
) -> Response[CreateHeartbeatResponse201 | Error]:
    """Create a heartbeat

     A heartbeat (dead man's switch) expects a ping at least every `period_seconds`; when none came for
    period + grace it lapses: an alert of its integration (dedup key `heartbeat-<id>`, label
    `alertname="HeartbeatMissed"`) opens an incident that pages through the integration's routing, and
    its next ping resolves that incident. The first period counts from creation. Each heartbeat is a
    durable Temporal timer: nothing is lost across restarts. The answer carries the ping URL and its
    secret `token`, shown only here (only its hash is stored; rotate to get a new one). 503 when
    Temporal cannot take the timer (nothing is kept).

    Args:
        body (CreateHeartbeatBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateHeartbeatResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateHeartbeatBody,
) -> CreateHeartbeatResponse201 | Error | None:
    """Create a heartbeat

     A heartbeat (dead man's switch) expects a ping at least every `period_seconds`; when none came for
    period + grace it lapses: an alert of its integration (dedup key `heartbeat-<id>`, label
    `alertname="HeartbeatMissed"`) opens an incident that pages through the integration's routing, and
    its next ping resolves that incident. The first period counts from creation. Each heartbeat is a
    durable Temporal timer: nothing is lost across restarts. The answer carries the ping URL and its
    secret `token`, shown only here (only its hash is stored; rotate to get a new one). 503 when
    Temporal cannot take the timer (nothing is kept).

    Args:
        body (CreateHeartbeatBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateHeartbeatResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
