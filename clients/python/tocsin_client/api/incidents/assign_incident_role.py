from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.assign_incident_role_body import AssignIncidentRoleBody
from ...models.assign_incident_role_response_200 import AssignIncidentRoleResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    role: str,
    *,
    body: AssignIncidentRoleBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/incidents/{id}/roles/{role}".format(
            id=quote(str(id), safe=""),
            role=quote(str(role), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AssignIncidentRoleResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = AssignIncidentRoleResponse200.from_dict(response.json())

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
) -> Response[AssignIncidentRoleResponse200 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: AssignIncidentRoleBody,
) -> Response[AssignIncidentRoleResponse200 | Error]:
    """Put a member in a role on the incident (one holder per role: the previous one is replaced)

     A new holder other than the caller is asked as a responder and paged through their own notification
    rules (high urgency) until they accept, once per incident: someone asked to respond before is not
    paged again. The same holder again changes nothing. On the timeline and as an `incident.updated`
    event. 404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a
    resolved incident; 422 VALIDATION_ERROR for a user not of the organization.

    Args:
        id (UUID):
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (AssignIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AssignIncidentRoleResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        role=role,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: AssignIncidentRoleBody,
) -> AssignIncidentRoleResponse200 | Error | None:
    """Put a member in a role on the incident (one holder per role: the previous one is replaced)

     A new holder other than the caller is asked as a responder and paged through their own notification
    rules (high urgency) until they accept, once per incident: someone asked to respond before is not
    paged again. The same holder again changes nothing. On the timeline and as an `incident.updated`
    event. 404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a
    resolved incident; 422 VALIDATION_ERROR for a user not of the organization.

    Args:
        id (UUID):
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (AssignIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AssignIncidentRoleResponse200 | Error
    """

    return sync_detailed(
        id=id,
        role=role,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: AssignIncidentRoleBody,
) -> Response[AssignIncidentRoleResponse200 | Error]:
    """Put a member in a role on the incident (one holder per role: the previous one is replaced)

     A new holder other than the caller is asked as a responder and paged through their own notification
    rules (high urgency) until they accept, once per incident: someone asked to respond before is not
    paged again. The same holder again changes nothing. On the timeline and as an `incident.updated`
    event. 404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a
    resolved incident; 422 VALIDATION_ERROR for a user not of the organization.

    Args:
        id (UUID):
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (AssignIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AssignIncidentRoleResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        role=role,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: AssignIncidentRoleBody,
) -> AssignIncidentRoleResponse200 | Error | None:
    """Put a member in a role on the incident (one holder per role: the previous one is replaced)

     A new holder other than the caller is asked as a responder and paged through their own notification
    rules (high urgency) until they accept, once per incident: someone asked to respond before is not
    paged again. The same holder again changes nothing. On the timeline and as an `incident.updated`
    event. 404 NOT_FOUND for an incident of another organization or an unknown role; 409 CONFLICT for a
    resolved incident; 422 VALIDATION_ERROR for a user not of the organization.

    Args:
        id (UUID):
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (AssignIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AssignIncidentRoleResponse200 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            role=role,
            client=client,
            body=body,
        )
    ).parsed
