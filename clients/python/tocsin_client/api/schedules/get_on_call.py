import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_on_call_response_200 import GetOnCallResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    at: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_at: str | Unset = UNSET
    if not isinstance(at, Unset):
        json_at = at.isoformat()
    params["at"] = json_at

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/oncall",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetOnCallResponse200 | None:
    if response.status_code == 200:
        response_200 = GetOnCallResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | GetOnCallResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    at: datetime.datetime | Unset = UNSET,
) -> Response[Error | GetOnCallResponse200]:
    """Who is on call now, or at `at`, on every schedule

     One entry per schedule of the organization, by name: the user on call at the instant (null in a
    gap), the source of their shift and its bounds (looked for up to 7 days either side).

    Args:
        at (datetime.datetime | Unset): The instant to ask about (default: now)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetOnCallResponse200]
    """

    kwargs = _get_kwargs(
        at=at,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    at: datetime.datetime | Unset = UNSET,
) -> Error | GetOnCallResponse200 | None:
    """Who is on call now, or at `at`, on every schedule

     One entry per schedule of the organization, by name: the user on call at the instant (null in a
    gap), the source of their shift and its bounds (looked for up to 7 days either side).

    Args:
        at (datetime.datetime | Unset): The instant to ask about (default: now)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetOnCallResponse200
    """

    return sync_detailed(
        client=client,
        at=at,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    at: datetime.datetime | Unset = UNSET,
) -> Response[Error | GetOnCallResponse200]:
    """Who is on call now, or at `at`, on every schedule

     One entry per schedule of the organization, by name: the user on call at the instant (null in a
    gap), the source of their shift and its bounds (looked for up to 7 days either side).

    Args:
        at (datetime.datetime | Unset): The instant to ask about (default: now)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetOnCallResponse200]
    """

    kwargs = _get_kwargs(
        at=at,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    at: datetime.datetime | Unset = UNSET,
) -> Error | GetOnCallResponse200 | None:
    """Who is on call now, or at `at`, on every schedule

     One entry per schedule of the organization, by name: the user on call at the instant (null in a
    gap), the source of their shift and its bounds (looked for up to 7 days either side).

    Args:
        at (datetime.datetime | Unset): The instant to ask about (default: now)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetOnCallResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            at=at,
        )
    ).parsed
