from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_incident_link_body import CreateIncidentLinkBody
from ...models.create_incident_link_response_201 import CreateIncidentLinkResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: CreateIncidentLinkBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/links".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateIncidentLinkResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateIncidentLinkResponse201.from_dict(response.json())

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
) -> Response[CreateIncidentLinkResponse201 | Error]:
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
    body: CreateIncidentLinkBody,
) -> Response[CreateIncidentLinkResponse201 | Error]:
    """Link another incident of the organization to this one

     `kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents
    list the link and have it on their timelines. One link per pair: 409 CONFLICT when the two are
    linked already (either way round). 404 NOT_FOUND for an incident of another organization; 422
    VALIDATION_ERROR for a link to itself.

    Args:
        id (UUID):
        body (CreateIncidentLinkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIncidentLinkResponse201 | Error]
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
    body: CreateIncidentLinkBody,
) -> CreateIncidentLinkResponse201 | Error | None:
    """Link another incident of the organization to this one

     `kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents
    list the link and have it on their timelines. One link per pair: 409 CONFLICT when the two are
    linked already (either way round). 404 NOT_FOUND for an incident of another organization; 422
    VALIDATION_ERROR for a link to itself.

    Args:
        id (UUID):
        body (CreateIncidentLinkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIncidentLinkResponse201 | Error
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
    body: CreateIncidentLinkBody,
) -> Response[CreateIncidentLinkResponse201 | Error]:
    """Link another incident of the organization to this one

     `kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents
    list the link and have it on their timelines. One link per pair: 409 CONFLICT when the two are
    linked already (either way round). 404 NOT_FOUND for an incident of another organization; 422
    VALIDATION_ERROR for a link to itself.

    Args:
        id (UUID):
        body (CreateIncidentLinkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIncidentLinkResponse201 | Error]
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
    body: CreateIncidentLinkBody,
) -> CreateIncidentLinkResponse201 | Error | None:
    """Link another incident of the organization to this one

     `kind`: this incident is `related` to, `caused_by` or a `duplicate_of` the other; both incidents
    list the link and have it on their timelines. One link per pair: 409 CONFLICT when the two are
    linked already (either way round). 404 NOT_FOUND for an incident of another organization; 422
    VALIDATION_ERROR for a link to itself.

    Args:
        id (UUID):
        body (CreateIncidentLinkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIncidentLinkResponse201 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
