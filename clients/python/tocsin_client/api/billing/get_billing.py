from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_billing_response_200 import GetBillingResponse200
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/billing",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetBillingResponse200 | None:
    if response.status_code == 200:
        response_200 = GetBillingResponse200.from_dict(response.json())

        return response_200

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
) -> Response[Error | GetBillingResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | GetBillingResponse200]:
    """Current plan, limits and usage

     Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator
    configured) and the plan's seat and integration quotas. Plans cap seats and integrations only where
    billing is configured: without a payment provider `limits.members` and `limits.integrations` are
    null (no cap) unless the operator set caps of their own; the hourly rate limits apply either way.
    Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API
    requests and search queries, counted from real traffic (each API process adds its counts every 250
    ms); `members` and `integrations` are the current numbers. Every member but viewers
    (`billing:read`); checkout is for owners.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetBillingResponse200]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | GetBillingResponse200 | None:
    """Current plan, limits and usage

     Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator
    configured) and the plan's seat and integration quotas. Plans cap seats and integrations only where
    billing is configured: without a payment provider `limits.members` and `limits.integrations` are
    null (no cap) unless the operator set caps of their own; the hourly rate limits apply either way.
    Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API
    requests and search queries, counted from real traffic (each API process adds its counts every 250
    ms); `members` and `integrations` are the current numbers. Every member but viewers
    (`billing:read`); checkout is for owners.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetBillingResponse200
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | GetBillingResponse200]:
    """Current plan, limits and usage

     Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator
    configured) and the plan's seat and integration quotas. Plans cap seats and integrations only where
    billing is configured: without a payment provider `limits.members` and `limits.integrations` are
    null (no cap) unless the operator set caps of their own; the hourly rate limits apply either way.
    Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API
    requests and search queries, counted from real traffic (each API process adds its counts every 250
    ms); `members` and `integrations` are the current numbers. Every member but viewers
    (`billing:read`); checkout is for owners.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetBillingResponse200]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | GetBillingResponse200 | None:
    """Current plan, limits and usage

     Limits are the rate limiter's own per-hour numbers for the plan (after any override the operator
    configured) and the plan's seat and integration quotas. Plans cap seats and integrations only where
    billing is configured: without a payment provider `limits.members` and `limits.integrations` are
    null (no cap) unless the operator set caps of their own; the hourly rate limits apply either way.
    Usage covers the current calendar month (UTC): alerts accepted by the webhooks, authenticated API
    requests and search queries, counted from real traffic (each API process adds its counts every 250
    ms); `members` and `integrations` are the current numbers. Every member but viewers
    (`billing:read`); checkout is for owners.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetBillingResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
