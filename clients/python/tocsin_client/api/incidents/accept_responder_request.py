from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.accept_responder_request_response_200 import AcceptResponderRequestResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    responder_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/responders/{responder_id}/accept".format(
            id=quote(str(id), safe=""),
            responder_id=quote(str(responder_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AcceptResponderRequestResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = AcceptResponderRequestResponse200.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AcceptResponderRequestResponse200 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    responder_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AcceptResponderRequestResponse200 | Error]:
    """Accept a request to respond

     Only the asked person answers their request: anyone else is 403 INSUFFICIENT_PERMISSIONS. Answering
    again the same way changes nothing; changing an answer is 409 CONFLICT. 404 NOT_FOUND for an
    incident or request of another organization.

    Args:
        id (UUID):
        responder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AcceptResponderRequestResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        responder_id=responder_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    responder_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> AcceptResponderRequestResponse200 | Error | None:
    """Accept a request to respond

     Only the asked person answers their request: anyone else is 403 INSUFFICIENT_PERMISSIONS. Answering
    again the same way changes nothing; changing an answer is 409 CONFLICT. 404 NOT_FOUND for an
    incident or request of another organization.

    Args:
        id (UUID):
        responder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AcceptResponderRequestResponse200 | Error
    """

    return sync_detailed(
        id=id,
        responder_id=responder_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    responder_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AcceptResponderRequestResponse200 | Error]:
    """Accept a request to respond

     Only the asked person answers their request: anyone else is 403 INSUFFICIENT_PERMISSIONS. Answering
    again the same way changes nothing; changing an answer is 409 CONFLICT. 404 NOT_FOUND for an
    incident or request of another organization.

    Args:
        id (UUID):
        responder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AcceptResponderRequestResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        responder_id=responder_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    responder_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> AcceptResponderRequestResponse200 | Error | None:
    """Accept a request to respond

     Only the asked person answers their request: anyone else is 403 INSUFFICIENT_PERMISSIONS. Answering
    again the same way changes nothing; changing an answer is 409 CONFLICT. 404 NOT_FOUND for an
    incident or request of another organization.

    Args:
        id (UUID):
        responder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AcceptResponderRequestResponse200 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            responder_id=responder_id,
            client=client,
        )
    ).parsed
