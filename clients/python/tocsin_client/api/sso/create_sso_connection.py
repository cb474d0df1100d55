from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_sso_connection_body_type_0 import CreateSsoConnectionBodyType0
from ...models.create_sso_connection_body_type_1 import CreateSsoConnectionBodyType1
from ...models.create_sso_connection_body_type_2 import CreateSsoConnectionBodyType2
from ...models.create_sso_connection_body_type_3 import CreateSsoConnectionBodyType3
from ...models.create_sso_connection_body_type_4 import CreateSsoConnectionBodyType4
from ...models.create_sso_connection_response_201 import CreateSsoConnectionResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateSsoConnectionBodyType0
    | CreateSsoConnectionBodyType1
    | CreateSsoConnectionBodyType2
    | CreateSsoConnectionBodyType3
    | CreateSsoConnectionBodyType4,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/sso/connections",
    }

    if isinstance(body, CreateSsoConnectionBodyType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateSsoConnectionBodyType1):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateSsoConnectionBodyType2):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateSsoConnectionBodyType3):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateSsoConnectionResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateSsoConnectionResponse201.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateSsoConnectionResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSsoConnectionBodyType0
    | CreateSsoConnectionBodyType1
    | CreateSsoConnectionBodyType2
    | CreateSsoConnectionBodyType3
    | CreateSsoConnectionBodyType4,
) -> Response[CreateSsoConnectionResponse201 | Error]:
    """Add an SSO connection (OIDC, Azure, Okta, Google or SAML 2.0)

     `kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id`
    (https://login.microsoftonline.com/{tenant_id}/v2.0), `okta` from `domain` (https://{domain}, or
    https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and
    requires `hd` = `hosted_domain`. `saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url`
    + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. The
    response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`,
    `sp_entity_id` and `sp_metadata_url` (SAML). Domains start unverified (`domain_verifications` gives
    each one's DNS record): they route sign-ins by email once verified. `default_role` is never `owner`,
    nor above the caller's role (403). Every owner of the organization is mailed, and the audit log
    records `sso.connection_trust_changed`.

    Args:
        body (CreateSsoConnectionBodyType0 | CreateSsoConnectionBodyType1 |
            CreateSsoConnectionBodyType2 | CreateSsoConnectionBodyType3 |
            CreateSsoConnectionBodyType4):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSsoConnectionResponse201 | Error]
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
    body: CreateSsoConnectionBodyType0
    | CreateSsoConnectionBodyType1
    | CreateSsoConnectionBodyType2
    | CreateSsoConnectionBodyType3
    | CreateSsoConnectionBodyType4,
) -> CreateSsoConnectionResponse201 | Error | None:
    """Add an SSO connection (OIDC, Azure, Okta, Google or SAML 2.0)

     `kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id`
    (https://login.microsoftonline.com/{tenant_id}/v2.0), `okta` from `domain` (https://{domain}, or
    https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and
    requires `hd` = `hosted_domain`. `saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url`
    + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. The
    response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`,
    `sp_entity_id` and `sp_metadata_url` (SAML). Domains start unverified (`domain_verifications` gives
    each one's DNS record): they route sign-ins by email once verified. `default_role` is never `owner`,
    nor above the caller's role (403). Every owner of the organization is mailed, and the audit log
    records `sso.connection_trust_changed`.

    Args:
        body (CreateSsoConnectionBodyType0 | CreateSsoConnectionBodyType1 |
            CreateSsoConnectionBodyType2 | CreateSsoConnectionBodyType3 |
            CreateSsoConnectionBodyType4):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSsoConnectionResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSsoConnectionBodyType0
    | CreateSsoConnectionBodyType1
    | CreateSsoConnectionBodyType2
    | CreateSsoConnectionBodyType3
    | CreateSsoConnectionBodyType4,
) -> Response[CreateSsoConnectionResponse201 | Error]:
    """Add an SSO connection (OIDC, Azure, Okta, Google or SAML 2.0)

     `kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id`
    (https://login.microsoftonline.com/{tenant_id}/v2.0), `okta` from `domain` (https://{domain}, or
    https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and
    requires `hd` = `hosted_domain`. `saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url`
    + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. The
    response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`,
    `sp_entity_id` and `sp_metadata_url` (SAML). Domains start unverified (`domain_verifications` gives
    each one's DNS record): they route sign-ins by email once verified. `default_role` is never `owner`,
    nor above the caller's role (403). Every owner of the organization is mailed, and the audit log
    records `sso.connection_trust_changed`.

    Args:
        body (CreateSsoConnectionBodyType0 | CreateSsoConnectionBodyType1 |
            CreateSsoConnectionBodyType2 | CreateSsoConnectionBodyType3 |
            CreateSsoConnectionBodyType4):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSsoConnectionResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSsoConnectionBodyType0
    | CreateSsoConnectionBodyType1
    | CreateSsoConnectionBodyType2
    | CreateSsoConnectionBodyType3
    | CreateSsoConnectionBodyType4,
) -> CreateSsoConnectionResponse201 | Error | None:
    """Add an SSO connection (OIDC, Azure, Okta, Google or SAML 2.0)

     `kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id`
    (https://login.microsoftonline.com/{tenant_id}/v2.0), `okta` from `domain` (https://{domain}, or
    https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and
    requires `hd` = `hosted_domain`. `saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url`
    + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. The
    response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`,
    `sp_entity_id` and `sp_metadata_url` (SAML). Domains start unverified (`domain_verifications` gives
    each one's DNS record): they route sign-ins by email once verified. `default_role` is never `owner`,
    nor above the caller's role (403). Every owner of the organization is mailed, and the audit log
    records `sso.connection_trust_changed`.

    Args:
        body (CreateSsoConnectionBodyType0 | CreateSsoConnectionBodyType1 |
            CreateSsoConnectionBodyType2 | CreateSsoConnectionBodyType3 |
            CreateSsoConnectionBodyType4):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSsoConnectionResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
