from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.post_incident_message_body import PostIncidentMessageBody
from ...models.post_incident_message_response_201 import PostIncidentMessageResponse201
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: PostIncidentMessageBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/messages".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PostIncidentMessageResponse201 | None:
    if response.status_code == 201:
        response_201 = PostIncidentMessageResponse201.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PostIncidentMessageResponse201]:
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
    body: PostIncidentMessageBody,
) -> Response[Error | PostIncidentMessageResponse201]:
    """Post a chat message; `@assistant` asks the assistant

     Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data:
    {message, state}`) to the organization and the incident's subscribers. A body starting with
    `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions
    API), which answers from the incident, its alerts, its analysis and its top suggested runbooks:
    while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same
    `message.id`, not stored); the stored `assistant` message follows with `state: "done"`. If the
    assistant keeps failing, the stored answer says so. Without one, an `@assistant` message is refused
    with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at
    most a number of times per clock hour the operator sets (default 30): beyond it the question is
    refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) and nothing is stored. An answer is
    cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked
    `[answer truncated]`.

    Args:
        id (UUID):
        body (PostIncidentMessageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PostIncidentMessageResponse201]
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
    body: PostIncidentMessageBody,
) -> Error | PostIncidentMessageResponse201 | None:
    """Post a chat message; `@assistant` asks the assistant

     Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data:
    {message, state}`) to the organization and the incident's subscribers. A body starting with
    `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions
    API), which answers from the incident, its alerts, its analysis and its top suggested runbooks:
    while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same
    `message.id`, not stored); the stored `assistant` message follows with `state: "done"`. If the
    assistant keeps failing, the stored answer says so. Without one, an `@assistant` message is refused
    with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at
    most a number of times per clock hour the operator sets (default 30): beyond it the question is
    refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) and nothing is stored. An answer is
    cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked
    `[answer truncated]`.

    Args:
        id (UUID):
        body (PostIncidentMessageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PostIncidentMessageResponse201
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
    body: PostIncidentMessageBody,
) -> Response[Error | PostIncidentMessageResponse201]:
    """Post a chat message; `@assistant` asks the assistant

     Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data:
    {message, state}`) to the organization and the incident's subscribers. A body starting with
    `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions
    API), which answers from the incident, its alerts, its analysis and its top suggested runbooks:
    while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same
    `message.id`, not stored); the stored `assistant` message follows with `state: "done"`. If the
    assistant keeps failing, the stored answer says so. Without one, an `@assistant` message is refused
    with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at
    most a number of times per clock hour the operator sets (default 30): beyond it the question is
    refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) and nothing is stored. An answer is
    cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked
    `[answer truncated]`.

    Args:
        id (UUID):
        body (PostIncidentMessageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PostIncidentMessageResponse201]
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
    body: PostIncidentMessageBody,
) -> Error | PostIncidentMessageResponse201 | None:
    """Post a chat message; `@assistant` asks the assistant

     Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data:
    {message, state}`) to the organization and the incident's subscribers. A body starting with
    `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions
    API), which answers from the incident, its alerts, its analysis and its top suggested runbooks:
    while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same
    `message.id`, not stored); the stored `assistant` message follows with `state: "done"`. If the
    assistant keeps failing, the stored answer says so. Without one, an `@assistant` message is refused
    with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at
    most a number of times per clock hour the operator sets (default 30): beyond it the question is
    refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) and nothing is stored. An answer is
    cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked
    `[answer truncated]`.

    Args:
        id (UUID):
        body (PostIncidentMessageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PostIncidentMessageResponse201
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
