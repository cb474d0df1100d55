from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.logout_all_body import LogoutAllBody
from ...models.logout_all_response_200 import LogoutAllResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: LogoutAllBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/logout-all",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | LogoutAllResponse200 | None:
    if response.status_code == 200:
        response_200 = LogoutAllResponse200.from_dict(response.json())

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
) -> Response[Error | LogoutAllResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LogoutAllBody,
) -> Response[Error | LogoutAllResponse200]:
    """End every session of the current user, this one included

     Every access and refresh token of the user issued until now is refused, in every API process, and
    open WebSocket connections on them are closed; the session cookies are cleared. For a lost device or
    a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). Needs a user
    session: an API key gets 403.

    Args:
        body (LogoutAllBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LogoutAllResponse200]
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
    body: LogoutAllBody,
) -> Error | LogoutAllResponse200 | None:
    """End every session of the current user, this one included

     Every access and refresh token of the user issued until now is refused, in every API process, and
    open WebSocket connections on them are closed; the session cookies are cleared. For a lost device or
    a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). Needs a user
    session: an API key gets 403.

    Args:
        body (LogoutAllBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LogoutAllResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LogoutAllBody,
) -> Response[Error | LogoutAllResponse200]:
    """End every session of the current user, this one included

     Every access and refresh token of the user issued until now is refused, in every API process, and
    open WebSocket connections on them are closed; the session cookies are cleared. For a lost device or
    a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). Needs a user
    session: an API key gets 403.

    Args:
        body (LogoutAllBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LogoutAllResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LogoutAllBody,
) -> Error | LogoutAllResponse200 | None:
    """End every session of the current user, this one included

     Every access and refresh token of the user issued until now is refused, in every API process, and
    open WebSocket connections on them are closed; the session cookies are cleared. For a lost device or
    a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). Needs a user
    session: an API key gets 403.

    Args:
        body (LogoutAllBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LogoutAllResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
