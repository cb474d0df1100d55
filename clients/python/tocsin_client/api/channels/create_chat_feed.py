from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_chat_feed_input import CreateChatFeedInput
from ...models.create_chat_feed_response_201 import CreateChatFeedResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateChatFeedInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chat-feeds",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateChatFeedResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateChatFeedResponse201.from_dict(response.json())

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
) -> Response[CreateChatFeedResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChatFeedInput,
) -> Response[CreateChatFeedResponse201 | Error]:
    """Post a routing rule's or an integration's incidents to a chat channel

     Every incident routed by the rule (or opened by the integration) gets one thread in the channel or
    room: its root shows the incident and follows its status (on Slack with Acknowledge, Resolve and
    Escalate buttons; on Matrix a ✅ or `ack` in the thread acts); each status change, escalation level
    paged and chat message is a reply in the thread, in order, posted once. Needs the organization’s
    connection of that kind (409 otherwise); 404 when the rule or integration is not the organization’s.

    Args:
        body (CreateChatFeedInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateChatFeedResponse201 | Error]
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
    body: CreateChatFeedInput,
) -> CreateChatFeedResponse201 | Error | None:
    """Post a routing rule's or an integration's incidents to a chat channel

     Every incident routed by the rule (or opened by the integration) gets one thread in the channel or
    room: its root shows the incident and follows its status (on Slack with Acknowledge, Resolve and
    Escalate buttons; on Matrix a ✅ or `ack` in the thread acts); each status change, escalation level
    paged and chat message is a reply in the thread, in order, posted once. Needs the organization’s
    connection of that kind (409 otherwise); 404 when the rule or integration is not the organization’s.

    Args:
        body (CreateChatFeedInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateChatFeedResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChatFeedInput,
) -> Response[CreateChatFeedResponse201 | Error]:
    """Post a routing rule's or an integration's incidents to a chat channel

     Every incident routed by the rule (or opened by the integration) gets one thread in the channel or
    room: its root shows the incident and follows its status (on Slack with Acknowledge, Resolve and
    Escalate buttons; on Matrix a ✅ or `ack` in the thread acts); each status change, escalation level
    paged and chat message is a reply in the thread, in order, posted once. Needs the organization’s
    connection of that kind (409 otherwise); 404 when the rule or integration is not the organization’s.

    Args:
        body (CreateChatFeedInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateChatFeedResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChatFeedInput,
) -> CreateChatFeedResponse201 | Error | None:
    """Post a routing rule's or an integration's incidents to a chat channel

     Every incident routed by the rule (or opened by the integration) gets one thread in the channel or
    room: its root shows the incident and follows its status (on Slack with Acknowledge, Resolve and
    Escalate buttons; on Matrix a ✅ or `ack` in the thread acts); each status change, escalation level
    paged and chat message is a reply in the thread, in order, posted once. Needs the organization’s
    connection of that kind (409 otherwise); 404 when the rule or integration is not the organization’s.

    Args:
        body (CreateChatFeedInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateChatFeedResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
