from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_teams_response_200 import ListTeamsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    user_id: UUID | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_user_id: str | Unset = UNSET
    if not isinstance(user_id, Unset):
        json_user_id = str(user_id)
    params["user_id"] = json_user_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/teams",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListTeamsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListTeamsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | ListTeamsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    user_id: UUID | Unset = UNSET,
) -> Response[Error | ListTeamsResponse200]:
    """List teams

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        user_id (UUID | Unset): Only the teams this member belongs to

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListTeamsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        user_id=user_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    user_id: UUID | Unset = UNSET,
) -> Error | ListTeamsResponse200 | None:
    """List teams

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        user_id (UUID | Unset): Only the teams this member belongs to

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListTeamsResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
        user_id=user_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    user_id: UUID | Unset = UNSET,
) -> Response[Error | ListTeamsResponse200]:
    """List teams

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        user_id (UUID | Unset): Only the teams this member belongs to

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListTeamsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        user_id=user_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    user_id: UUID | Unset = UNSET,
) -> Error | ListTeamsResponse200 | None:
    """List teams

     A team groups members of the organization, with its own default escalation policy and the schedules
    it owns (a schedule's `team_id`). An escalation level may target a team (`{type: 'team', id}`): it
    pages whoever the team's schedules have on call, or every member when nobody is. Integrations,
    routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a
    team pages the team's default policy when its routing chooses none.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        user_id (UUID | Unset): Only the teams this member belongs to

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListTeamsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
            user_id=user_id,
        )
    ).parsed
