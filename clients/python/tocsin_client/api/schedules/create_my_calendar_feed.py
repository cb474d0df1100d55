from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_my_calendar_feed_response_201 import CreateMyCalendarFeedResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users/me/calendar-feed",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateMyCalendarFeedResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateMyCalendarFeedResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[CreateMyCalendarFeedResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CreateMyCalendarFeedResponse201 | Error]:
    """Create (or replace) your personal calendar feed URL

     A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar
    apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a
    signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own,
    and would outlive the key).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyCalendarFeedResponse201 | Error]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> CreateMyCalendarFeedResponse201 | Error | None:
    """Create (or replace) your personal calendar feed URL

     A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar
    apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a
    signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own,
    and would outlive the key).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyCalendarFeedResponse201 | Error
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CreateMyCalendarFeedResponse201 | Error]:
    """Create (or replace) your personal calendar feed URL

     A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar
    apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a
    signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own,
    and would outlive the key).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyCalendarFeedResponse201 | Error]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> CreateMyCalendarFeedResponse201 | Error | None:
    """Create (or replace) your personal calendar feed URL

     A secret URL listing your shifts across every schedule (a week back, 90 days ahead) for calendar
    apps. Shown once; only its hash is stored. Creating a new one revokes the previous URL. Only a
    signed-in member creates one: with an API key the answer is 403 (the URL is a credential of its own,
    and would outlive the key).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyCalendarFeedResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
