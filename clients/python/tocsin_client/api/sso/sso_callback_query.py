from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.plan_limit_error import PlanLimitError
from ...models.token_response import TokenResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["code"] = code

    params["state"] = state

    params["iss"] = iss

    params["error"] = error

    params["error_description"] = error_description

    params["session_state"] = session_state

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/sso/callback",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | PlanLimitError | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(response.json())

        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = PlanLimitError.from_dict(response.json())

        return response_402

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
) -> Response[Any | Error | PlanLimitError | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
) -> Response[Any | Error | PlanLimitError | TokenResponse]:
    """Identity provider answer (OIDC query response)

     The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS
    post (`SAMLResponse`, `RelayState`). The state is looked up server-side and spent (single use, 10
    minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in
    the same browser (401 SSO_FAILED without it: a sign-in delivered through another browser is
    refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on
    the code); node-saml validates the SAML response (signed assertion required, audience, issuer,
    NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient must
    be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub`
    or SAML NameID, which must not be transient) is linked to; an email nobody has yet gets a new user
    with the connection's `default_role`, linked to the identity. An email that already has an account
    is never matched by email alone: nobody is signed in (401 SSO_FAILED), and the account is mailed a
    single-use link (1 hour) confirming the identity (POST /sso/link/confirm); or its user, signed in,
    links it through POST /sso/link. The email's domain must be one of the connection's, and a user of
    another organization is refused. Success: the same token response and cookies as POST /auth/login
    (`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies
    set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. Every sign-in and
    refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`,
    `sso.link_requested`, `sso.identity_linked`).

    Args:
        code (str | Unset): OIDC authorization code
        state (str | Unset): OIDC state, as initiate sent it
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | PlanLimitError | TokenResponse]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
) -> Any | Error | PlanLimitError | TokenResponse | None:
    """Identity provider answer (OIDC query response)

     The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS
    post (`SAMLResponse`, `RelayState`). The state is looked up server-side and spent (single use, 10
    minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in
    the same browser (401 SSO_FAILED without it: a sign-in delivered through another browser is
    refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on
    the code); node-saml validates the SAML response (signed assertion required, audience, issuer,
    NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient must
    be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub`
    or SAML NameID, which must not be transient) is linked to; an email nobody has yet gets a new user
    with the connection's `default_role`, linked to the identity. An email that already has an account
    is never matched by email alone: nobody is signed in (401 SSO_FAILED), and the account is mailed a
    single-use link (1 hour) confirming the identity (POST /sso/link/confirm); or its user, signed in,
    links it through POST /sso/link. The email's domain must be one of the connection's, and a user of
    another organization is refused. Success: the same token response and cookies as POST /auth/login
    (`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies
    set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. Every sign-in and
    refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`,
    `sso.link_requested`, `sso.identity_linked`).

    Args:
        code (str | Unset): OIDC authorization code
        state (str | Unset): OIDC state, as initiate sent it
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | PlanLimitError | TokenResponse
    """

    return sync_detailed(
        client=client,
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
) -> Response[Any | Error | PlanLimitError | TokenResponse]:
    """Identity provider answer (OIDC query response)

     The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS
    post (`SAMLResponse`, `RelayState`). The state is looked up server-side and spent (single use, 10
    minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in
    the same browser (401 SSO_FAILED without it: a sign-in delivered through another browser is
    refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on
    the code); node-saml validates the SAML response (signed assertion required, audience, issuer,
    NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient must
    be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub`
    or SAML NameID, which must not be transient) is linked to; an email nobody has yet gets a new user
    with the connection's `default_role`, linked to the identity. An email that already has an account
    is never matched by email alone: nobody is signed in (401 SSO_FAILED), and the account is mailed a
    single-use link (1 hour) confirming the identity (POST /sso/link/confirm); or its user, signed in,
    links it through POST /sso/link. The email's domain must be one of the connection's, and a user of
    another organization is refused. Success: the same token response and cookies as POST /auth/login
    (`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies
    set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. Every sign-in and
    refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`,
    `sso.link_requested`, `sso.identity_linked`).

    Args:
        code (str | Unset): OIDC authorization code
        state (str | Unset): OIDC state, as initiate sent it
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | PlanLimitError | TokenResponse]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
        error_description=error_description,
        session_state=session_state,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    session_state: str | Unset = UNSET,
) -> Any | Error | PlanLimitError | TokenResponse | None:
    """Identity provider answer (OIDC query response)

     The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS
    post (`SAMLResponse`, `RelayState`). The state is looked up server-side and spent (single use, 10
    minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in
    the same browser (401 SSO_FAILED without it: a sign-in delivered through another browser is
    refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on
    the code); node-saml validates the SAML response (signed assertion required, audience, issuer,
    NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient must
    be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub`
    or SAML NameID, which must not be transient) is linked to; an email nobody has yet gets a new user
    with the connection's `default_role`, linked to the identity. An email that already has an account
    is never matched by email alone: nobody is signed in (401 SSO_FAILED), and the account is mailed a
    single-use link (1 hour) confirming the identity (POST /sso/link/confirm); or its user, signed in,
    links it through POST /sso/link. The email's domain must be one of the connection's, and a user of
    another organization is refused. Success: the same token response and cookies as POST /auth/login
    (`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies
    set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. Every sign-in and
    refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`,
    `sso.link_requested`, `sso.identity_linked`).

    Args:
        code (str | Unset): OIDC authorization code
        state (str | Unset): OIDC state, as initiate sent it
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | PlanLimitError | TokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            code=code,
            state=state,
            iss=iss,
            error=error,
            error_description=error_description,
            session_state=session_state,
        )
    ).parsed
