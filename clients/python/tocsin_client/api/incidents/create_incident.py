from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_incident_body import CreateIncidentBody
from ...models.create_incident_response_201 import CreateIncidentResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateIncidentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateIncidentResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateIncidentResponse201.from_dict(response.json())

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
) -> Response[CreateIncidentResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIncidentBody,
) -> Response[CreateIncidentResponse201 | Error]:
    """Create an incident by hand

     It pages like an incident opened by an alert when it is `active`: its assignee at once through their
    notification rules, else its `escalation_policy_id` from level 1; with neither it pages nobody. An
    `assignee_id` or `escalation_policy_id` naming nothing of the organization is 404 NOT_FOUND
    (`detail` names the field).

    Args:
        body (CreateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIncidentResponse201 | Error]
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
    body: CreateIncidentBody,
) -> CreateIncidentResponse201 | Error | None:
    """Create an incident by hand

     It pages like an incident opened by an alert when it is `active`: its assignee at once through their
    notification rules, else its `escalation_policy_id` from level 1; with neither it pages nobody. An
    `assignee_id` or `escalation_policy_id` naming nothing of the organization is 404 NOT_FOUND
    (`detail` names the field).

    Args:
        body (CreateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIncidentResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIncidentBody,
) -> Response[CreateIncidentResponse201 | Error]:
    """Create an incident by hand

     It pages like an incident opened by an alert when it is `active`: its assignee at once through their
    notification rules, else its `escalation_policy_id` from level 1; with neither it pages nobody. An
    `assignee_id` or `escalation_policy_id` naming nothing of the organization is 404 NOT_FOUND
    (`detail` names the field).

    Args:
        body (CreateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIncidentResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIncidentBody,
) -> CreateIncidentResponse201 | Error | None:
    """Create an incident by hand

     It pages like an incident opened by an alert when it is `active`: its assignee at once through their
    notification rules, else its `escalation_policy_id` from level 1; with neither it pages nobody. An
    `assignee_id` or `escalation_policy_id` naming nothing of the organization is 404 NOT_FOUND
    (`detail` names the field).

    Args:
        body (CreateIncidentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIncidentResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
