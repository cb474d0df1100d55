from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.verify_contact_method_input import VerifyContactMethodInput
from ...models.verify_my_contact_method_code_response_200 import VerifyMyContactMethodCodeResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: VerifyContactMethodInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users/me/contact-methods/{id}/verify".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | VerifyMyContactMethodCodeResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifyMyContactMethodCodeResponse200.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Error | VerifyMyContactMethodCodeResponse200]:
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
    body: VerifyContactMethodInput,
) -> Response[Error | VerifyMyContactMethodCodeResponse200]:
    """Confirm a contact method with the code it received

     For methods verified by `code`: the 6-digit code sent through the channel when the method was added
    (or resent). A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is
    spent and a new one must be sent (409).

    Args:
        id (UUID):
        body (VerifyContactMethodInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifyMyContactMethodCodeResponse200]
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
    body: VerifyContactMethodInput,
) -> Error | VerifyMyContactMethodCodeResponse200 | None:
    """Confirm a contact method with the code it received

     For methods verified by `code`: the 6-digit code sent through the channel when the method was added
    (or resent). A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is
    spent and a new one must be sent (409).

    Args:
        id (UUID):
        body (VerifyContactMethodInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifyMyContactMethodCodeResponse200
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
    body: VerifyContactMethodInput,
) -> Response[Error | VerifyMyContactMethodCodeResponse200]:
    """Confirm a contact method with the code it received

     For methods verified by `code`: the 6-digit code sent through the channel when the method was added
    (or resent). A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is
    spent and a new one must be sent (409).

    Args:
        id (UUID):
        body (VerifyContactMethodInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifyMyContactMethodCodeResponse200]
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
    body: VerifyContactMethodInput,
) -> Error | VerifyMyContactMethodCodeResponse200 | None:
    """Confirm a contact method with the code it received

     For methods verified by `code`: the 6-digit code sent through the channel when the method was added
    (or resent). A wrong code is 422 and counts a try; after 5 wrong tries, or 15 minutes, the code is
    spent and a new one must be sent (409).

    Args:
        id (UUID):
        body (VerifyContactMethodInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifyMyContactMethodCodeResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
