from http import HTTPStatus
from typing import Any, cast
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.sso_initiate_response_200 import SsoInitiateResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    connection_id: UUID | Unset = UNSET,
    email: str | Unset = UNSET,
    organization_id: UUID | Unset = UNSET,
    redirect_to: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_connection_id: str | Unset = UNSET
    if not isinstance(connection_id, Unset):
        json_connection_id = str(connection_id)
    params["connection_id"] = json_connection_id

    params["email"] = email

    json_organization_id: str | Unset = UNSET
    if not isinstance(organization_id, Unset):
        json_organization_id = str(organization_id)
    params["organization_id"] = json_organization_id

    params["redirect_to"] = redirect_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/sso/initiate",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | SsoInitiateResponse200 | None:
    if response.status_code == 200:
        response_200 = SsoInitiateResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Any | Error | SsoInitiateResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    connection_id: UUID | Unset = UNSET,
    email: str | Unset = UNSET,
    organization_id: UUID | Unset = UNSET,
    redirect_to: str | Unset = UNSET,
) -> Response[Any | Error | SsoInitiateResponse200]:
    """Start signing in through an identity provider

     Takes one of `connection_id`, `email` or `organization_id` (without any: 422). Picks the enabled
    connection by `connection_id`, by the verified domain of `email`, or the only one of
    `organization_id`, and answers 302 to the identity provider (`Accept: application/json`: 200 with
    `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-
    side, single use, for 10 minutes. Sets an httpOnly cookie for the callback path binding the sign-in
    to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain
    HTTP). Rate-limited per client IP like /auth/login. No matching enabled connection: 404
    SSO_CONNECTION_NOT_FOUND.

    Args:
        connection_id (UUID | Unset): One of connection_id, email or organization_id is required
            (422 without any)
        email (str | Unset): Picks the connection holding this email's domain, verified. One of
            connection_id, email or organization_id is required
        organization_id (UUID | Unset): Picks the organization's connection when it has exactly
            one enabled. One of connection_id, email or organization_id is required
        redirect_to (str | Unset): Where to send the browser after sign-in (same origin as the
            API); without it the callback answers the token response

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SsoInitiateResponse200]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        email=email,
        organization_id=organization_id,
        redirect_to=redirect_to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    connection_id: UUID | Unset = UNSET,
    email: str | Unset = UNSET,
    organization_id: UUID | Unset = UNSET,
    redirect_to: str | Unset = UNSET,
) -> Any | Error | SsoInitiateResponse200 | None:
    """Start signing in through an identity provider

     Takes one of `connection_id`, `email` or `organization_id` (without any: 422). Picks the enabled
    connection by `connection_id`, by the verified domain of `email`, or the only one of
    `organization_id`, and answers 302 to the identity provider (`Accept: application/json`: 200 with
    `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-
    side, single use, for 10 minutes. Sets an httpOnly cookie for the callback path binding the sign-in
    to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain
    HTTP). Rate-limited per client IP like /auth/login. No matching enabled connection: 404
    SSO_CONNECTION_NOT_FOUND.

    Args:
        connection_id (UUID | Unset): One of connection_id, email or organization_id is required
            (422 without any)
        email (str | Unset): Picks the connection holding this email's domain, verified. One of
            connection_id, email or organization_id is required
        organization_id (UUID | Unset): Picks the organization's connection when it has exactly
            one enabled. One of connection_id, email or organization_id is required
        redirect_to (str | Unset): Where to send the browser after sign-in (same origin as the
            API); without it the callback answers the token response

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SsoInitiateResponse200
    """

    return sync_detailed(
        client=client,
        connection_id=connection_id,
        email=email,
        organization_id=organization_id,
        redirect_to=redirect_to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    connection_id: UUID | Unset = UNSET,
    email: str | Unset = UNSET,
    organization_id: UUID | Unset = UNSET,
    redirect_to: str | Unset = UNSET,
) -> Response[Any | Error | SsoInitiateResponse200]:
    """Start signing in through an identity provider

     Takes one of `connection_id`, `email` or `organization_id` (without any: 422). Picks the enabled
    connection by `connection_id`, by the verified domain of `email`, or the only one of
    `organization_id`, and answers 302 to the identity provider (`Accept: application/json`: 200 with
    `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-
    side, single use, for 10 minutes. Sets an httpOnly cookie for the callback path binding the sign-in
    to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain
    HTTP). Rate-limited per client IP like /auth/login. No matching enabled connection: 404
    SSO_CONNECTION_NOT_FOUND.

    Args:
        connection_id (UUID | Unset): One of connection_id, email or organization_id is required
            (422 without any)
        email (str | Unset): Picks the connection holding this email's domain, verified. One of
            connection_id, email or organization_id is required
        organization_id (UUID | Unset): Picks the organization's connection when it has exactly
            one enabled. One of connection_id, email or organization_id is required
        redirect_to (str | Unset): Where to send the browser after sign-in (same origin as the
            API); without it the callback answers the token response

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SsoInitiateResponse200]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        email=email,
        organization_id=organization_id,
        redirect_to=redirect_to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    connection_id: UUID | Unset = UNSET,
    email: str | Unset = UNSET,
    organization_id: UUID | Unset = UNSET,
    redirect_to: str | Unset = UNSET,
) -> Any | Error | SsoInitiateResponse200 | None:
    """Start signing in through an identity provider

     Takes one of `connection_id`, `email` or `organization_id` (without any: 422). Picks the enabled
    connection by `connection_id`, by the verified domain of `email`, or the only one of
    `organization_id`, and answers 302 to the identity provider (`Accept: application/json`: 200 with
    `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-
    side, single use, for 10 minutes. Sets an httpOnly cookie for the callback path binding the sign-in
    to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain
    HTTP). Rate-limited per client IP like /auth/login. No matching enabled connection: 404
    SSO_CONNECTION_NOT_FOUND.

    Args:
        connection_id (UUID | Unset): One of connection_id, email or organization_id is required
            (422 without any)
        email (str | Unset): Picks the connection holding this email's domain, verified. One of
            connection_id, email or organization_id is required
        organization_id (UUID | Unset): Picks the organization's connection when it has exactly
            one enabled. One of connection_id, email or organization_id is required
        redirect_to (str | Unset): Where to send the browser after sign-in (same origin as the
            API); without it the callback answers the token response

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SsoInitiateResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            connection_id=connection_id,
            email=email,
            organization_id=organization_id,
            redirect_to=redirect_to,
        )
    ).parsed
