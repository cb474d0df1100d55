from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_my_notification_rules_response_200 import ListMyNotificationRulesResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/users/me/notification-rules",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListMyNotificationRulesResponse200 | None:
    if response.status_code == 200:
        response_200 = ListMyNotificationRulesResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

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
) -> Response[Error | ListMyNotificationRulesResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
) -> Response[Error | ListMyNotificationRulesResponse200]:
    """Your notification rules

     When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its
    contact method `delay_minutes` after the page, until someone acknowledges. Low-urgency pages use
    email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an
    email at once on your account address. Every member manages only their own (another member's id is
    404). Changes need a signed-in member: an API key is refused (403).

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListMyNotificationRulesResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
) -> Error | ListMyNotificationRulesResponse200 | None:
    """Your notification rules

     When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its
    contact method `delay_minutes` after the page, until someone acknowledges. Low-urgency pages use
    email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an
    email at once on your account address. Every member manages only their own (another member's id is
    404). Changes need a signed-in member: an API key is refused (403).

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListMyNotificationRulesResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
) -> Response[Error | ListMyNotificationRulesResponse200]:
    """Your notification rules

     When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its
    contact method `delay_minutes` after the page, until someone acknowledges. Low-urgency pages use
    email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an
    email at once on your account address. Every member manages only their own (another member's id is
    404). Changes need a signed-in member: an API key is refused (403).

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListMyNotificationRulesResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
) -> Error | ListMyNotificationRulesResponse200 | None:
    """Your notification rules

     When a level of an escalation pages you, each rule for the page's urgency (or `any`) notifies its
    contact method `delay_minutes` after the page, until someone acknowledges. Low-urgency pages use
    email rules only. Rules of unverified methods are skipped. Without any rule that applies, you get an
    email at once on your account address. Every member manages only their own (another member's id is
    404). Changes need a signed-in member: an API key is refused (403).

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListMyNotificationRulesResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
        )
    ).parsed
