from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.verify_sso_domain_response_200 import VerifySsoDomainResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    domain: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/sso/connections/{id}/domains/{domain}/verify".format(
            id=quote(str(id), safe=""),
            domain=quote(str(domain), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | VerifySsoDomainResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifySsoDomainResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | VerifySsoDomainResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    domain: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | VerifySsoDomainResponse200]:
    """Verify a connection's email domain by DNS

     Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is
    exactly the claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One
    connection at most holds a domain verified: the first to verify. Another connection's verification
    is refused (409) while the holder's own record is still published; once the holder's record is gone
    from DNS, the next verification moves the domain (whoever controls the zone decides). The holder can
    also free it by removing the domain from its connection. No matching record yet: 409; DNS lookup
    failure: 503. Verifying a verified claim answers it unchanged.

    Args:
        id (UUID):
        domain (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifySsoDomainResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        domain=domain,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    domain: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | VerifySsoDomainResponse200 | None:
    """Verify a connection's email domain by DNS

     Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is
    exactly the claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One
    connection at most holds a domain verified: the first to verify. Another connection's verification
    is refused (409) while the holder's own record is still published; once the holder's record is gone
    from DNS, the next verification moves the domain (whoever controls the zone decides). The holder can
    also free it by removing the domain from its connection. No matching record yet: 409; DNS lookup
    failure: 503. Verifying a verified claim answers it unchanged.

    Args:
        id (UUID):
        domain (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifySsoDomainResponse200
    """

    return sync_detailed(
        id=id,
        domain=domain,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    domain: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | VerifySsoDomainResponse200]:
    """Verify a connection's email domain by DNS

     Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is
    exactly the claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One
    connection at most holds a domain verified: the first to verify. Another connection's verification
    is refused (409) while the holder's own record is still published; once the holder's record is gone
    from DNS, the next verification moves the domain (whoever controls the zone decides). The holder can
    also free it by removing the domain from its connection. No matching record yet: 409; DNS lookup
    failure: 503. Verifying a verified claim answers it unchanged.

    Args:
        id (UUID):
        domain (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifySsoDomainResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        domain=domain,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    domain: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | VerifySsoDomainResponse200 | None:
    """Verify a connection's email domain by DNS

     Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is
    exactly the claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One
    connection at most holds a domain verified: the first to verify. Another connection's verification
    is refused (409) while the holder's own record is still published; once the holder's record is gone
    from DNS, the next verification moves the domain (whoever controls the zone decides). The holder can
    also free it by removing the domain from its connection. No matching record yet: 409; DNS lookup
    failure: 503. Verifying a verified claim answers it unchanged.

    Args:
        id (UUID):
        domain (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifySsoDomainResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            domain=domain,
            client=client,
        )
    ).parsed
