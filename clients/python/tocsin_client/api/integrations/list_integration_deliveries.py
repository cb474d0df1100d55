from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_integration_deliveries_response_200 import ListIntegrationDeliveriesResponse200
from ...models.list_integration_deliveries_success import ListIntegrationDeliveriesSuccess
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_id: UUID | Unset = UNSET,
    success: ListIntegrationDeliveriesSuccess | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_event_id: str | Unset = UNSET
    if not isinstance(event_id, Unset):
        json_event_id = str(event_id)
    params["event_id"] = json_event_id

    json_success: str | Unset = UNSET
    if not isinstance(success, Unset):
        json_success = success.value

    params["success"] = json_success

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/integrations/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListIntegrationDeliveriesResponse200 | None:
    if response.status_code == 200:
        response_200 = ListIntegrationDeliveriesResponse200.from_dict(response.json())

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
) -> Response[Error | ListIntegrationDeliveriesResponse200]:
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
    event_id: UUID | Unset = UNSET,
    success: ListIntegrationDeliveriesSuccess | Unset = UNSET,
) -> Response[Error | ListIntegrationDeliveriesResponse200]:
    """Outbound webhook delivery attempts of an integration

     One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided
    the delivery. Ten failed deliveries in a row disable the integration.

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_id (UUID | Unset):
        success (ListIntegrationDeliveriesSuccess | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListIntegrationDeliveriesResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        offset=offset,
        event_id=event_id,
        success=success,
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
    event_id: UUID | Unset = UNSET,
    success: ListIntegrationDeliveriesSuccess | Unset = UNSET,
) -> Error | ListIntegrationDeliveriesResponse200 | None:
    """Outbound webhook delivery attempts of an integration

     One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided
    the delivery. Ten failed deliveries in a row disable the integration.

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_id (UUID | Unset):
        success (ListIntegrationDeliveriesSuccess | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListIntegrationDeliveriesResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        offset=offset,
        event_id=event_id,
        success=success,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_id: UUID | Unset = UNSET,
    success: ListIntegrationDeliveriesSuccess | Unset = UNSET,
) -> Response[Error | ListIntegrationDeliveriesResponse200]:
    """Outbound webhook delivery attempts of an integration

     One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided
    the delivery. Ten failed deliveries in a row disable the integration.

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_id (UUID | Unset):
        success (ListIntegrationDeliveriesSuccess | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListIntegrationDeliveriesResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        offset=offset,
        event_id=event_id,
        success=success,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_id: UUID | Unset = UNSET,
    success: ListIntegrationDeliveriesSuccess | Unset = UNSET,
) -> Error | ListIntegrationDeliveriesResponse200 | None:
    """Outbound webhook delivery attempts of an integration

     One row per attempt (up to 3 per event, 1 s then 2 s apart); `final` marks the attempt that decided
    the delivery. Ten failed deliveries in a row disable the integration.

    Args:
        id (UUID):
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_id (UUID | Unset):
        success (ListIntegrationDeliveriesSuccess | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListIntegrationDeliveriesResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            offset=offset,
            event_id=event_id,
            success=success,
        )
    ).parsed
