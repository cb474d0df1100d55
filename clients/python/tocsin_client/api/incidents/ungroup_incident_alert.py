from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.ungroup_incident_alert_response_201 import UngroupIncidentAlertResponse201
from ...types import Response


def _get_kwargs(
    id: UUID,
    dedup_key: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/alerts/{dedup_key}/ungroup".format(
            id=quote(str(id), safe=""),
            dedup_key=quote(str(dedup_key), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UngroupIncidentAlertResponse201 | None:
    if response.status_code == 201:
        response_201 = UngroupIncidentAlertResponse201.from_dict(response.json())

        return response_201

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
) -> Response[Error | UngroupIncidentAlertResponse201]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    dedup_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | UngroupIncidentAlertResponse201]:
    """Move one alert key out of a grouped incident into its own incident

     The key's alerts move to a new incident, which is routed and pages as any new incident does; its
    later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or
    holds no other key; 404 when the key is not one of its alerts.

    Args:
        id (UUID):
        dedup_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UngroupIncidentAlertResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        dedup_key=dedup_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    dedup_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | UngroupIncidentAlertResponse201 | None:
    """Move one alert key out of a grouped incident into its own incident

     The key's alerts move to a new incident, which is routed and pages as any new incident does; its
    later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or
    holds no other key; 404 when the key is not one of its alerts.

    Args:
        id (UUID):
        dedup_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UngroupIncidentAlertResponse201
    """

    return sync_detailed(
        id=id,
        dedup_key=dedup_key,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    dedup_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | UngroupIncidentAlertResponse201]:
    """Move one alert key out of a grouped incident into its own incident

     The key's alerts move to a new incident, which is routed and pages as any new incident does; its
    later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or
    holds no other key; 404 when the key is not one of its alerts.

    Args:
        id (UUID):
        dedup_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UngroupIncidentAlertResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        dedup_key=dedup_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    dedup_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | UngroupIncidentAlertResponse201 | None:
    """Move one alert key out of a grouped incident into its own incident

     The key's alerts move to a new incident, which is routed and pages as any new incident does; its
    later alerts go to that incident. 409 when the incident is resolved, was not opened by a group, or
    holds no other key; 404 when the key is not one of its alerts.

    Args:
        id (UUID):
        dedup_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UngroupIncidentAlertResponse201
    """

    return (
        await asyncio_detailed(
            id=id,
            dedup_key=dedup_key,
            client=client,
        )
    ).parsed
