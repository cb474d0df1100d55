from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_maintenance_window_body import CreateMaintenanceWindowBody
from ...models.create_maintenance_window_response_201 import CreateMaintenanceWindowResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateMaintenanceWindowBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/maintenance-windows",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateMaintenanceWindowResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateMaintenanceWindowResponse201.from_dict(response.json())

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
) -> Response[CreateMaintenanceWindowResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMaintenanceWindowBody,
) -> Response[CreateMaintenanceWindowResponse201 | Error]:
    """Plan a maintenance window, one-off or recurring

     While a window is in effect, every alert of its integrations (all of the organization when
    `integration_ids` is empty) is muted as by a silence: stored and counted, marked with `silenced_by`
    (the window id) and `silenced_kind: "maintenance_window"`, opening no incident and notifying no one;
    a resolved alert still resolves its open incident. Permissions: those of silences (`silences:read`,
    `silences:create`, `silences:update`).

    Args:
        body (CreateMaintenanceWindowBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMaintenanceWindowResponse201 | Error]
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
    body: CreateMaintenanceWindowBody,
) -> CreateMaintenanceWindowResponse201 | Error | None:
    """Plan a maintenance window, one-off or recurring

     While a window is in effect, every alert of its integrations (all of the organization when
    `integration_ids` is empty) is muted as by a silence: stored and counted, marked with `silenced_by`
    (the window id) and `silenced_kind: "maintenance_window"`, opening no incident and notifying no one;
    a resolved alert still resolves its open incident. Permissions: those of silences (`silences:read`,
    `silences:create`, `silences:update`).

    Args:
        body (CreateMaintenanceWindowBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMaintenanceWindowResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMaintenanceWindowBody,
) -> Response[CreateMaintenanceWindowResponse201 | Error]:
    """Plan a maintenance window, one-off or recurring

     While a window is in effect, every alert of its integrations (all of the organization when
    `integration_ids` is empty) is muted as by a silence: stored and counted, marked with `silenced_by`
    (the window id) and `silenced_kind: "maintenance_window"`, opening no incident and notifying no one;
    a resolved alert still resolves its open incident. Permissions: those of silences (`silences:read`,
    `silences:create`, `silences:update`).

    Args:
        body (CreateMaintenanceWindowBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMaintenanceWindowResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMaintenanceWindowBody,
) -> CreateMaintenanceWindowResponse201 | Error | None:
    """Plan a maintenance window, one-off or recurring

     While a window is in effect, every alert of its integrations (all of the organization when
    `integration_ids` is empty) is muted as by a silence: stored and counted, marked with `silenced_by`
    (the window id) and `silenced_kind: "maintenance_window"`, opening no incident and notifying no one;
    a resolved alert still resolves its open incident. Permissions: those of silences (`silences:read`,
    `silences:create`, `silences:update`).

    Args:
        body (CreateMaintenanceWindowBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMaintenanceWindowResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
