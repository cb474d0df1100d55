from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_silence_body import CreateSilenceBody
from ...models.create_silence_response_201 import CreateSilenceResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateSilenceBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/silences",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateSilenceResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateSilenceResponse201.from_dict(response.json())

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
) -> Response[CreateSilenceResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSilenceBody,
) -> Response[CreateSilenceResponse201 | Error]:
    """Mute the alerts that match, for a while

     An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is
    stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no
    incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one
    (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the
    silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their
    cache is invalidated by a database notification). An organization holds at most 10,000 pending or
    active silences (409 CONFLICT beyond).

    Args:
        body (CreateSilenceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSilenceResponse201 | Error]
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
    body: CreateSilenceBody,
) -> CreateSilenceResponse201 | Error | None:
    """Mute the alerts that match, for a while

     An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is
    stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no
    incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one
    (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the
    silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their
    cache is invalidated by a database notification). An organization holds at most 10,000 pending or
    active silences (409 CONFLICT beyond).

    Args:
        body (CreateSilenceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSilenceResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSilenceBody,
) -> Response[CreateSilenceResponse201 | Error]:
    """Mute the alerts that match, for a while

     An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is
    stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no
    incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one
    (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the
    silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their
    cache is invalidated by a database notification). An organization holds at most 10,000 pending or
    active silences (409 CONFLICT beyond).

    Args:
        body (CreateSilenceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSilenceResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateSilenceBody,
) -> CreateSilenceResponse201 | Error | None:
    """Mute the alerts that match, for a while

     An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is
    stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no
    incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one
    (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the
    silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their
    cache is invalidated by a database notification). An organization holds at most 10,000 pending or
    active silences (409 CONFLICT beyond).

    Args:
        body (CreateSilenceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSilenceResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
