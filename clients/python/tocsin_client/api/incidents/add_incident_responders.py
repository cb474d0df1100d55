from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_incident_responders_body import AddIncidentRespondersBody
from ...models.add_incident_responders_response_201 import AddIncidentRespondersResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: AddIncidentRespondersBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/responders".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AddIncidentRespondersResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = AddIncidentRespondersResponse201.from_dict(response.json())

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
) -> Response[AddIncidentRespondersResponse201 | Error]:
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
    body: AddIncidentRespondersBody,
) -> Response[AddIncidentRespondersResponse201 | Error]:
    """Ask people, schedules (their on-call now) or escalation policies (their first level now) to respond

     Each person is asked once per incident and paged once through their own notification rules (high
    urgency) until they accept or decline; a person asked before, whatever they answered, is not asked
    or paged again (`already_asked`). The incident keeps its status and escalation. 422 VALIDATION_ERROR
    for a target not of the organization; 409 CONFLICT for a resolved incident; 404 NOT_FOUND for an
    incident of another organization.

    Args:
        id (UUID):
        body (AddIncidentRespondersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddIncidentRespondersResponse201 | Error]
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
    body: AddIncidentRespondersBody,
) -> AddIncidentRespondersResponse201 | Error | None:
    """Ask people, schedules (their on-call now) or escalation policies (their first level now) to respond

     Each person is asked once per incident and paged once through their own notification rules (high
    urgency) until they accept or decline; a person asked before, whatever they answered, is not asked
    or paged again (`already_asked`). The incident keeps its status and escalation. 422 VALIDATION_ERROR
    for a target not of the organization; 409 CONFLICT for a resolved incident; 404 NOT_FOUND for an
    incident of another organization.

    Args:
        id (UUID):
        body (AddIncidentRespondersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddIncidentRespondersResponse201 | Error
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
    body: AddIncidentRespondersBody,
) -> Response[AddIncidentRespondersResponse201 | Error]:
    """Ask people, schedules (their on-call now) or escalation policies (their first level now) to respond

     Each person is asked once per incident and paged once through their own notification rules (high
    urgency) until they accept or decline; a person asked before, whatever they answered, is not asked
    or paged again (`already_asked`). The incident keeps its status and escalation. 422 VALIDATION_ERROR
    for a target not of the organization; 409 CONFLICT for a resolved incident; 404 NOT_FOUND for an
    incident of another organization.

    Args:
        id (UUID):
        body (AddIncidentRespondersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddIncidentRespondersResponse201 | Error]
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
    body: AddIncidentRespondersBody,
) -> AddIncidentRespondersResponse201 | Error | None:
    """Ask people, schedules (their on-call now) or escalation policies (their first level now) to respond

     Each person is asked once per incident and paged once through their own notification rules (high
    urgency) until they accept or decline; a person asked before, whatever they answered, is not asked
    or paged again (`already_asked`). The incident keeps its status and escalation. 422 VALIDATION_ERROR
    for a target not of the organization; 409 CONFLICT for a resolved incident; 404 NOT_FOUND for an
    incident of another organization.

    Args:
        id (UUID):
        body (AddIncidentRespondersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddIncidentRespondersResponse201 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
