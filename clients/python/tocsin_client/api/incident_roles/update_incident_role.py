from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_incident_role_body import UpdateIncidentRoleBody
from ...models.update_incident_role_response_200 import UpdateIncidentRoleResponse200
from ...types import Response


def _get_kwargs(
    role: str,
    *,
    body: UpdateIncidentRoleBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/incident-roles/{role}".format(
            role=quote(str(role), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateIncidentRoleResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdateIncidentRoleResponse200.from_dict(response.json())

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
) -> Response[Error | UpdateIncidentRoleResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateIncidentRoleBody,
) -> Response[Error | UpdateIncidentRoleResponse200]:
    """Rename a custom incident role or change its description (its key stays)

     409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.

    Args:
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (UpdateIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateIncidentRoleResponse200]
    """

    kwargs = _get_kwargs(
        role=role,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateIncidentRoleBody,
) -> Error | UpdateIncidentRoleResponse200 | None:
    """Rename a custom incident role or change its description (its key stays)

     409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.

    Args:
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (UpdateIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateIncidentRoleResponse200
    """

    return sync_detailed(
        role=role,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateIncidentRoleBody,
) -> Response[Error | UpdateIncidentRoleResponse200]:
    """Rename a custom incident role or change its description (its key stays)

     409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.

    Args:
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (UpdateIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateIncidentRoleResponse200]
    """

    kwargs = _get_kwargs(
        role=role,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    role: str,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateIncidentRoleBody,
) -> Error | UpdateIncidentRoleResponse200 | None:
    """Rename a custom incident role or change its description (its key stays)

     409 CONFLICT for a built-in role; 404 NOT_FOUND for a key the organization does not have.

    Args:
        role (str): The role’s key, as it appears in URLs: `incident_commander`,
            `communications_lead`, `scribe` (built in) or a custom role’s
        body (UpdateIncidentRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateIncidentRoleResponse200
    """

    return (
        await asyncio_detailed(
            role=role,
            client=client,
            body=body,
        )
    ).parsed
