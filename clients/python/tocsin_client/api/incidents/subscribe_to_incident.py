from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.subscribe_to_incident_body import SubscribeToIncidentBody
from ...models.subscribe_to_incident_response_201 import SubscribeToIncidentResponse201
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: SubscribeToIncidentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/subscribers".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SubscribeToIncidentResponse201 | None:
    if response.status_code == 201:
        response_201 = SubscribeToIncidentResponse201.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | SubscribeToIncidentResponse201]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToIncidentBody,
) -> Response[Error | SubscribeToIncidentResponse201]:
    """Subscribe yourself or an outside address to the incident's status updates

     Without `email`: yourself, at your account's address, confirmed at once; you get internal updates
    too. With `email`: an outside address gets a confirmation link first (double opt-in) and then public
    updates only. Every mail has a one-click unsubscribe link (RFC 8058). An address subscribed already
    is answered as it stands.

    Args:
        id (UUID):
        body (SubscribeToIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SubscribeToIncidentResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToIncidentBody,
) -> Error | SubscribeToIncidentResponse201 | None:
    """Subscribe yourself or an outside address to the incident's status updates

     Without `email`: yourself, at your account's address, confirmed at once; you get internal updates
    too. With `email`: an outside address gets a confirmation link first (double opt-in) and then public
    updates only. Every mail has a one-click unsubscribe link (RFC 8058). An address subscribed already
    is answered as it stands.

    Args:
        id (UUID):
        body (SubscribeToIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SubscribeToIncidentResponse201
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToIncidentBody,
) -> Response[Error | SubscribeToIncidentResponse201]:
    """Subscribe yourself or an outside address to the incident's status updates

     Without `email`: yourself, at your account's address, confirmed at once; you get internal updates
    too. With `email`: an outside address gets a confirmation link first (double opt-in) and then public
    updates only. Every mail has a one-click unsubscribe link (RFC 8058). An address subscribed already
    is answered as it stands.

    Args:
        id (UUID):
        body (SubscribeToIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SubscribeToIncidentResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToIncidentBody,
) -> Error | SubscribeToIncidentResponse201 | None:
    """Subscribe yourself or an outside address to the incident's status updates

     Without `email`: yourself, at your account's address, confirmed at once; you get internal updates
    too. With `email`: an outside address gets a confirmation link first (double opt-in) and then public
    updates only. Every mail has a one-click unsubscribe link (RFC 8058). An address subscribed already
    is answered as it stands.

    Args:
        id (UUID):
        body (SubscribeToIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SubscribeToIncidentResponse201
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
