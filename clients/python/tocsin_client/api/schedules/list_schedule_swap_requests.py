from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_schedule_swap_requests_response_200 import ListScheduleSwapRequestsResponse200
from ...models.list_schedule_swap_requests_status import ListScheduleSwapRequestsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListScheduleSwapRequestsStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/schedules/{id}/swap-requests".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListScheduleSwapRequestsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListScheduleSwapRequestsResponse200.from_dict(response.json())

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
) -> Response[Error | ListScheduleSwapRequestsResponse200]:
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
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListScheduleSwapRequestsStatus | Unset = UNSET,
) -> Response[Error | ListScheduleSwapRequestsResponse200]:
    """A schedule's requests for cover, by start

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListScheduleSwapRequestsStatus | Unset): Only requests in this state

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListScheduleSwapRequestsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        offset=offset,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListScheduleSwapRequestsStatus | Unset = UNSET,
) -> Error | ListScheduleSwapRequestsResponse200 | None:
    """A schedule's requests for cover, by start

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListScheduleSwapRequestsStatus | Unset): Only requests in this state

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListScheduleSwapRequestsResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        offset=offset,
        status=status,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListScheduleSwapRequestsStatus | Unset = UNSET,
) -> Response[Error | ListScheduleSwapRequestsResponse200]:
    """A schedule's requests for cover, by start

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListScheduleSwapRequestsStatus | Unset): Only requests in this state

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListScheduleSwapRequestsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        offset=offset,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    status: ListScheduleSwapRequestsStatus | Unset = UNSET,
) -> Error | ListScheduleSwapRequestsResponse200 | None:
    """A schedule's requests for cover, by start

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        status (ListScheduleSwapRequestsStatus | Unset): Only requests in this state

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListScheduleSwapRequestsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            offset=offset,
            status=status,
        )
    ).parsed
