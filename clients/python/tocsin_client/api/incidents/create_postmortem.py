from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_postmortem_body import CreatePostmortemBody
from ...models.create_postmortem_response_201 import CreatePostmortemResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: CreatePostmortemBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/postmortem".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatePostmortemResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreatePostmortemResponse201.from_dict(response.json())

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
) -> Response[CreatePostmortemResponse201 | Error]:
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
    body: CreatePostmortemBody,
) -> Response[CreatePostmortemResponse201 | Error]:
    """Draft the incident's postmortem from its records

     The draft is Markdown written from the incident as it stands: summary (severity, priority, service),
    key times with time to acknowledge and to resolve, roles, who was paged on which channel and who
    acknowledged, alerts, runbook executions, status updates (internal ones marked), the timeline, and
    sections for the team to write. It goes on the timeline (`postmortem`). An incident has at most one
    postmortem: 409 when it has one.

    Args:
        id (UUID):
        body (CreatePostmortemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePostmortemResponse201 | Error]
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
    body: CreatePostmortemBody,
) -> CreatePostmortemResponse201 | Error | None:
    """Draft the incident's postmortem from its records

     The draft is Markdown written from the incident as it stands: summary (severity, priority, service),
    key times with time to acknowledge and to resolve, roles, who was paged on which channel and who
    acknowledged, alerts, runbook executions, status updates (internal ones marked), the timeline, and
    sections for the team to write. It goes on the timeline (`postmortem`). An incident has at most one
    postmortem: 409 when it has one.

    Args:
        id (UUID):
        body (CreatePostmortemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePostmortemResponse201 | Error
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
    body: CreatePostmortemBody,
) -> Response[CreatePostmortemResponse201 | Error]:
    """Draft the incident's postmortem from its records

     The draft is Markdown written from the incident as it stands: summary (severity, priority, service),
    key times with time to acknowledge and to resolve, roles, who was paged on which channel and who
    acknowledged, alerts, runbook executions, status updates (internal ones marked), the timeline, and
    sections for the team to write. It goes on the timeline (`postmortem`). An incident has at most one
    postmortem: 409 when it has one.

    Args:
        id (UUID):
        body (CreatePostmortemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePostmortemResponse201 | Error]
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
    body: CreatePostmortemBody,
) -> CreatePostmortemResponse201 | Error | None:
    """Draft the incident's postmortem from its records

     The draft is Markdown written from the incident as it stands: summary (severity, priority, service),
    key times with time to acknowledge and to resolve, roles, who was paged on which channel and who
    acknowledged, alerts, runbook executions, status updates (internal ones marked), the timeline, and
    sections for the team to write. It goes on the timeline (`postmortem`). An incident has at most one
    postmortem: 409 when it has one.

    Args:
        id (UUID):
        body (CreatePostmortemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePostmortemResponse201 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
