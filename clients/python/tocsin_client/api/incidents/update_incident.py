from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_incident_body import UpdateIncidentBody
from ...models.update_incident_response_200 import UpdateIncidentResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: UpdateIncidentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/incidents/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateIncidentResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdateIncidentResponse200.from_dict(response.json())

        return response_200

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
) -> Response[Error | UpdateIncidentResponse200]:
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
    body: UpdateIncidentBody,
) -> Response[Error | UpdateIncidentResponse200]:
    """Update status, severity, assignee, title, description or tags

     Any status may follow any other. Every change adds a timeline entry; resolving also closes the
    incident's alert stream, so a later firing alert opens a new incident. An `assignee_id` naming no
    user of the organization is 404 NOT_FOUND, like an unknown incident (`detail` names the field).
    Moving it out of `active`, or assigning it, acknowledges it and ends its escalation. Reopening it
    (`resolved` to `active`) starts a new escalation cycle: its assignee, or else its escalation policy
    from level 1, is paged again. Reopening while a newer open incident holds the same dedup or group
    key is 409 CONFLICT: resolve or merge that one first.

    Args:
        id (UUID):
        body (UpdateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateIncidentResponse200]
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
    body: UpdateIncidentBody,
) -> Error | UpdateIncidentResponse200 | None:
    """Update status, severity, assignee, title, description or tags

     Any status may follow any other. Every change adds a timeline entry; resolving also closes the
    incident's alert stream, so a later firing alert opens a new incident. An `assignee_id` naming no
    user of the organization is 404 NOT_FOUND, like an unknown incident (`detail` names the field).
    Moving it out of `active`, or assigning it, acknowledges it and ends its escalation. Reopening it
    (`resolved` to `active`) starts a new escalation cycle: its assignee, or else its escalation policy
    from level 1, is paged again. Reopening while a newer open incident holds the same dedup or group
    key is 409 CONFLICT: resolve or merge that one first.

    Args:
        id (UUID):
        body (UpdateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateIncidentResponse200
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
    body: UpdateIncidentBody,
) -> Response[Error | UpdateIncidentResponse200]:
    """Update status, severity, assignee, title, description or tags

     Any status may follow any other. Every change adds a timeline entry; resolving also closes the
    incident's alert stream, so a later firing alert opens a new incident. An `assignee_id` naming no
    user of the organization is 404 NOT_FOUND, like an unknown incident (`detail` names the field).
    Moving it out of `active`, or assigning it, acknowledges it and ends its escalation. Reopening it
    (`resolved` to `active`) starts a new escalation cycle: its assignee, or else its escalation policy
    from level 1, is paged again. Reopening while a newer open incident holds the same dedup or group
    key is 409 CONFLICT: resolve or merge that one first.

    Args:
        id (UUID):
        body (UpdateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateIncidentResponse200]
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
    body: UpdateIncidentBody,
) -> Error | UpdateIncidentResponse200 | None:
    """Update status, severity, assignee, title, description or tags

     Any status may follow any other. Every change adds a timeline entry; resolving also closes the
    incident's alert stream, so a later firing alert opens a new incident. An `assignee_id` naming no
    user of the organization is 404 NOT_FOUND, like an unknown incident (`detail` names the field).
    Moving it out of `active`, or assigning it, acknowledges it and ends its escalation. Reopening it
    (`resolved` to `active`) starts a new escalation cycle: its assignee, or else its escalation policy
    from level 1, is paged again. Reopening while a newer open incident holds the same dedup or group
    key is 409 CONFLICT: resolve or merge that one first.

    Args:
        id (UUID):
        body (UpdateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateIncidentResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
