from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.put_channel_connection_input import PutChannelConnectionInput
from ...models.put_channel_connection_kind import PutChannelConnectionKind
from ...models.put_channel_connection_response_200 import PutChannelConnectionResponse200
from ...types import Response


def _get_kwargs(
    kind: PutChannelConnectionKind,
    *,
    body: PutChannelConnectionInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/channel-connections/{kind}".format(
            kind=quote(str(kind), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PutChannelConnectionResponse200 | None:
    if response.status_code == 200:
        response_200 = PutChannelConnectionResponse200.from_dict(response.json())

        return response_200

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PutChannelConnectionResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    kind: PutChannelConnectionKind,
    *,
    client: AuthenticatedClient | Client,
    body: PutChannelConnectionInput,
) -> Response[Error | PutChannelConnectionResponse200]:
    """Connect a channel, or replace its settings

     The body is validated by the kind's own schema (422 with the fields otherwise; 422 too when this
    server has no such channel). Secrets are stored encrypted and never shown again: every setting is
    given again on a change.

    Args:
        kind (PutChannelConnectionKind):
        body (PutChannelConnectionInput): The connection's settings; each kind's fields are listed
            in the user guide. Secrets are write-only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutChannelConnectionResponse200]
    """

    kwargs = _get_kwargs(
        kind=kind,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    kind: PutChannelConnectionKind,
    *,
    client: AuthenticatedClient | Client,
    body: PutChannelConnectionInput,
) -> Error | PutChannelConnectionResponse200 | None:
    """Connect a channel, or replace its settings

     The body is validated by the kind's own schema (422 with the fields otherwise; 422 too when this
    server has no such channel). Secrets are stored encrypted and never shown again: every setting is
    given again on a change.

    Args:
        kind (PutChannelConnectionKind):
        body (PutChannelConnectionInput): The connection's settings; each kind's fields are listed
            in the user guide. Secrets are write-only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutChannelConnectionResponse200
    """

    return sync_detailed(
        kind=kind,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    kind: PutChannelConnectionKind,
    *,
    client: AuthenticatedClient | Client,
    body: PutChannelConnectionInput,
) -> Response[Error | PutChannelConnectionResponse200]:
    """Connect a channel, or replace its settings

     The body is validated by the kind's own schema (422 with the fields otherwise; 422 too when this
    server has no such channel). Secrets are stored encrypted and never shown again: every setting is
    given again on a change.

    Args:
        kind (PutChannelConnectionKind):
        body (PutChannelConnectionInput): The connection's settings; each kind's fields are listed
            in the user guide. Secrets are write-only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutChannelConnectionResponse200]
    """

    kwargs = _get_kwargs(
        kind=kind,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    kind: PutChannelConnectionKind,
    *,
    client: AuthenticatedClient | Client,
    body: PutChannelConnectionInput,
) -> Error | PutChannelConnectionResponse200 | None:
    """Connect a channel, or replace its settings

     The body is validated by the kind's own schema (422 with the fields otherwise; 422 too when this
    server has no such channel). Secrets are stored encrypted and never shown again: every setting is
    given again on a change.

    Args:
        kind (PutChannelConnectionKind):
        body (PutChannelConnectionInput): The connection's settings; each kind's fields are listed
            in the user guide. Secrets are write-only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutChannelConnectionResponse200
    """

    return (
        await asyncio_detailed(
            kind=kind,
            client=client,
            body=body,
        )
    ).parsed
