from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_team_body import CreateTeamBody
from ...models.create_team_response_201 import CreateTeamResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateTeamBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/teams",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateTeamResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateTeamResponse201.from_dict(response.json())

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
) -> Response[CreateTeamResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTeamBody,
) -> Response[CreateTeamResponse201 | Error]:
    """Create a team

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none. 409 CONFLICT when the
    organization has a team of that name (ignoring case); 422 when a member or the policy is not of the
    organization.

    Args:
        body (CreateTeamBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTeamResponse201 | Error]
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
    body: CreateTeamBody,
) -> CreateTeamResponse201 | Error | None:
    """Create a team

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none. 409 CONFLICT when the
    organization has a team of that name (ignoring case); 422 when a member or the policy is not of the
    organization.

    Args:
        body (CreateTeamBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTeamResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTeamBody,
) -> Response[CreateTeamResponse201 | Error]:
    """Create a team

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none. 409 CONFLICT when the
    organization has a team of that name (ignoring case); 422 when a member or the policy is not of the
    organization.

    Args:
        body (CreateTeamBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTeamResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTeamBody,
) -> CreateTeamResponse201 | Error | None:
    """Create a team

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none. 409 CONFLICT when the
    organization has a team of that name (ignoring case); 422 when a member or the policy is not of the
    organization.

    Args:
        body (CreateTeamBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTeamResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
