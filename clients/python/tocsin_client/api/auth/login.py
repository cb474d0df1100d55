from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.login_data_body import LoginDataBody
from ...models.login_json_body import LoginJsonBody
from ...models.token_response import TokenResponse
from ...types import Response, UNSET, Unset


def _get_kwargs(
    *,
    body: LoginJsonBody | LoginDataBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/login",
    }

    if isinstance(body, LoginJsonBody):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, LoginDataBody):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(response.json())

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

    if response.status_code == 423:
        response_423 = Error.from_dict(response.json())

        return response_423

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
) -> Response[Error | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginJsonBody | LoginDataBody | Unset = UNSET,
) -> Response[Error | TokenResponse]:
    """Authenticate with email and password

     Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and
    `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP).
    When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for
    the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts
    toward the lockout), and signs in through /sso/initiate. A wrong email or password is 401
    INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other
    limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. Many failed
    logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes
    unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends.
    Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins,
    or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.

    Args:
        body (LoginJsonBody):
        body (LoginDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TokenResponse]
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
    body: LoginJsonBody | LoginDataBody | Unset = UNSET,
) -> Error | TokenResponse | None:
    """Authenticate with email and password

     Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and
    `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP).
    When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for
    the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts
    toward the lockout), and signs in through /sso/initiate. A wrong email or password is 401
    INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other
    limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. Many failed
    logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes
    unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends.
    Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins,
    or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.

    Args:
        body (LoginJsonBody):
        body (LoginDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TokenResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginJsonBody | LoginDataBody | Unset = UNSET,
) -> Response[Error | TokenResponse]:
    """Authenticate with email and password

     Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and
    `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP).
    When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for
    the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts
    toward the lockout), and signs in through /sso/initiate. A wrong email or password is 401
    INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other
    limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. Many failed
    logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes
    unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends.
    Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins,
    or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.

    Args:
        body (LoginJsonBody):
        body (LoginDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LoginJsonBody | LoginDataBody | Unset = UNSET,
) -> Error | TokenResponse | None:
    """Authenticate with email and password

     Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and
    `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP).
    When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for
    the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts
    toward the lockout), and signs in through /sso/initiate. A wrong email or password is 401
    INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other
    limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. Many failed
    logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes
    unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends.
    Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins,
    or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.

    Args:
        body (LoginJsonBody):
        body (LoginDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
