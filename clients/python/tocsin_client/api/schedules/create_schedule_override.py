from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_schedule_override_body import CreateScheduleOverrideBody
from ...models.create_schedule_override_response_201 import CreateScheduleOverrideResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: CreateScheduleOverrideBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/schedules/{id}/overrides".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateScheduleOverrideResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateScheduleOverrideResponse201.from_dict(response.json())

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
) -> Response[CreateScheduleOverrideResponse201 | Error]:
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
    body: CreateScheduleOverrideBody,
) -> Response[CreateScheduleOverrideResponse201 | Error]:
    """Put one user on call between two instants, above every layer

     Needs `schedules:update`, or, to put yourself on call (or remove an override of yours),
    `incidents:update`: responders take the pager themselves. The user must be a member of the
    organization. An override lasts at most 366 days. A schedule holds at most 2000 overrides within 366
    days of a new one (409 beyond).

    Args:
        id (UUID):
        body (CreateScheduleOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScheduleOverrideResponse201 | Error]
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
    body: CreateScheduleOverrideBody,
) -> CreateScheduleOverrideResponse201 | Error | None:
    """Put one user on call between two instants, above every layer

     Needs `schedules:update`, or, to put yourself on call (or remove an override of yours),
    `incidents:update`: responders take the pager themselves. The user must be a member of the
    organization. An override lasts at most 366 days. A schedule holds at most 2000 overrides within 366
    days of a new one (409 beyond).

    Args:
        id (UUID):
        body (CreateScheduleOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScheduleOverrideResponse201 | Error
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
    body: CreateScheduleOverrideBody,
) -> Response[CreateScheduleOverrideResponse201 | Error]:
    """Put one user on call between two instants, above every layer

     Needs `schedules:update`, or, to put yourself on call (or remove an override of yours),
    `incidents:update`: responders take the pager themselves. The user must be a member of the
    organization. An override lasts at most 366 days. A schedule holds at most 2000 overrides within 366
    days of a new one (409 beyond).

    Args:
        id (UUID):
        body (CreateScheduleOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateScheduleOverrideResponse201 | Error]
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
    body: CreateScheduleOverrideBody,
) -> CreateScheduleOverrideResponse201 | Error | None:
    """Put one user on call between two instants, above every layer

     Needs `schedules:update`, or, to put yourself on call (or remove an override of yours),
    `incidents:update`: responders take the pager themselves. The user must be a member of the
    organization. An override lasts at most 366 days. A schedule holds at most 2000 overrides within 366
    days of a new one (409 beyond).

    Args:
        id (UUID):
        body (CreateScheduleOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateScheduleOverrideResponse201 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
