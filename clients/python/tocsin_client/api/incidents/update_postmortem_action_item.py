from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_postmortem_action_item_body import UpdatePostmortemActionItemBody
from ...models.update_postmortem_action_item_response_200 import UpdatePostmortemActionItemResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    item_id: UUID,
    *,
    body: UpdatePostmortemActionItemBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/incidents/{id}/postmortem/action-items/{item_id}".format(
            id=quote(str(id), safe=""),
            item_id=quote(str(item_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdatePostmortemActionItemResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdatePostmortemActionItemResponse200.from_dict(response.json())

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
) -> Response[Error | UpdatePostmortemActionItemResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePostmortemActionItemBody,
) -> Response[Error | UpdatePostmortemActionItemResponse200]:
    """Change an action item: title, owner, due date, done

     Fields left out keep their value; `null` clears the owner or the due date.

    Args:
        id (UUID):
        item_id (UUID):
        body (UpdatePostmortemActionItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdatePostmortemActionItemResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        item_id=item_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePostmortemActionItemBody,
) -> Error | UpdatePostmortemActionItemResponse200 | None:
    """Change an action item: title, owner, due date, done

     Fields left out keep their value; `null` clears the owner or the due date.

    Args:
        id (UUID):
        item_id (UUID):
        body (UpdatePostmortemActionItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdatePostmortemActionItemResponse200
    """

    return sync_detailed(
        id=id,
        item_id=item_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePostmortemActionItemBody,
) -> Response[Error | UpdatePostmortemActionItemResponse200]:
    """Change an action item: title, owner, due date, done

     Fields left out keep their value; `null` clears the owner or the due date.

    Args:
        id (UUID):
        item_id (UUID):
        body (UpdatePostmortemActionItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdatePostmortemActionItemResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        item_id=item_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdatePostmortemActionItemBody,
) -> Error | UpdatePostmortemActionItemResponse200 | None:
    """Change an action item: title, owner, due date, done

     Fields left out keep their value; `null` clears the owner or the due date.

    Args:
        id (UUID):
        item_id (UUID):
        body (UpdatePostmortemActionItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdatePostmortemActionItemResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            item_id=item_id,
            client=client,
            body=body,
        )
    ).parsed
