from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.refresh_response import RefreshResponse
from ...models.refresh_token_body import RefreshTokenBody
from ...types import Response


def _get_kwargs(
    *,
    body: RefreshTokenBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/refresh",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RefreshResponse | None:
    if response.status_code == 200:
        response_200 = RefreshResponse.from_dict(response.json())

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
) -> Response[Error | RefreshResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenBody,
) -> Response[Error | RefreshResponse]:
    """Exchange a refresh token for a new access token

     Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the
    answer carries a new one (also set as the `refresh_token` cookie, with a fresh `access_token`
    cookie) and the one presented is spent. The session keeps the end its login gave it (the refresh
    token lifetime after login, 7 days by default). Presenting a spent refresh token again ends the
    whole session (every access and refresh token of it): a copy was used, by a thief or by the user
    after one. Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`),
    spent, revoked by logout, logout-all or a password reset, or its user is gone.

    Args:
        body (RefreshTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RefreshResponse]
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
    body: RefreshTokenBody,
) -> Error | RefreshResponse | None:
    """Exchange a refresh token for a new access token

     Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the
    answer carries a new one (also set as the `refresh_token` cookie, with a fresh `access_token`
    cookie) and the one presented is spent. The session keeps the end its login gave it (the refresh
    token lifetime after login, 7 days by default). Presenting a spent refresh token again ends the
    whole session (every access and refresh token of it): a copy was used, by a thief or by the user
    after one. Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`),
    spent, revoked by logout, logout-all or a password reset, or its user is gone.

    Args:
        body (RefreshTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RefreshResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenBody,
) -> Response[Error | RefreshResponse]:
    """Exchange a refresh token for a new access token

     Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the
    answer carries a new one (also set as the `refresh_token` cookie, with a fresh `access_token`
    cookie) and the one presented is spent. The session keeps the end its login gave it (the refresh
    token lifetime after login, 7 days by default). Presenting a spent refresh token again ends the
    whole session (every access and refresh token of it): a copy was used, by a thief or by the user
    after one. Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`),
    spent, revoked by logout, logout-all or a password reset, or its user is gone.

    Args:
        body (RefreshTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RefreshResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RefreshTokenBody,
) -> Error | RefreshResponse | None:
    """Exchange a refresh token for a new access token

     Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the
    answer carries a new one (also set as the `refresh_token` cookie, with a fresh `access_token`
    cookie) and the one presented is spent. The session keeps the end its login gave it (the refresh
    token lifetime after login, 7 days by default). Presenting a spent refresh token again ends the
    whole session (every access and refresh token of it): a copy was used, by a thief or by the user
    after one. Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`),
    spent, revoked by logout, logout-all or a password reset, or its user is gone.

    Args:
        body (RefreshTokenBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RefreshResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
