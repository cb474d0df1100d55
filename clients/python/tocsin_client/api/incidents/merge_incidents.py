from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.merge_incidents_body import MergeIncidentsBody
from ...models.merge_incidents_response_200 import MergeIncidentsResponse200
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: MergeIncidentsBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/merge".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MergeIncidentsResponse200 | None:
    if response.status_code == 200:
        response_200 = MergeIncidentsResponse200.from_dict(response.json())

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
) -> Response[Error | MergeIncidentsResponse200]:
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
    body: MergeIncidentsBody,
) -> Response[Error | MergeIncidentsResponse200]:
    """Merge other incidents into this one

     Up to 20 sources. Each source's alerts move to this incident, and later alerts with their dedup keys
    land here while it is open; their timelines are copied here (each entry marked
    `merged_from_incident_id`), their responders and assignee join as responders. Each source is
    resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events,
    and in the audit log. Undo with POST /incidents/{id}/unmerge within 24 h. 404 NOT_FOUND for an
    incident of another organization; 409 CONFLICT for a resolved target, a target or source already
    merged into another incident, or the target among the sources.

    Args:
        id (UUID):
        body (MergeIncidentsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MergeIncidentsResponse200]
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
    body: MergeIncidentsBody,
) -> Error | MergeIncidentsResponse200 | None:
    """Merge other incidents into this one

     Up to 20 sources. Each source's alerts move to this incident, and later alerts with their dedup keys
    land here while it is open; their timelines are copied here (each entry marked
    `merged_from_incident_id`), their responders and assignee join as responders. Each source is
    resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events,
    and in the audit log. Undo with POST /incidents/{id}/unmerge within 24 h. 404 NOT_FOUND for an
    incident of another organization; 409 CONFLICT for a resolved target, a target or source already
    merged into another incident, or the target among the sources.

    Args:
        id (UUID):
        body (MergeIncidentsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MergeIncidentsResponse200
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
    body: MergeIncidentsBody,
) -> Response[Error | MergeIncidentsResponse200]:
    """Merge other incidents into this one

     Up to 20 sources. Each source's alerts move to this incident, and later alerts with their dedup keys
    land here while it is open; their timelines are copied here (each entry marked
    `merged_from_incident_id`), their responders and assignee join as responders. Each source is
    resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events,
    and in the audit log. Undo with POST /incidents/{id}/unmerge within 24 h. 404 NOT_FOUND for an
    incident of another organization; 409 CONFLICT for a resolved target, a target or source already
    merged into another incident, or the target among the sources.

    Args:
        id (UUID):
        body (MergeIncidentsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MergeIncidentsResponse200]
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
    body: MergeIncidentsBody,
) -> Error | MergeIncidentsResponse200 | None:
    """Merge other incidents into this one

     Up to 20 sources. Each source's alerts move to this incident, and later alerts with their dedup keys
    land here while it is open; their timelines are copied here (each entry marked
    `merged_from_incident_id`), their responders and assignee join as responders. Each source is
    resolved (its paging stops) with `merged_into` set. On both timelines, as `incident.updated` events,
    and in the audit log. Undo with POST /incidents/{id}/unmerge within 24 h. 404 NOT_FOUND for an
    incident of another organization; 409 CONFLICT for a resolved target, a target or source already
    merged into another incident, or the target among the sources.

    Args:
        id (UUID):
        body (MergeIncidentsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MergeIncidentsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
