import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_admin_audit_events_response_200 import ListAdminAuditEventsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    action: str | Unset = UNSET,
    actor_id: UUID | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["event_type"] = event_type

    params["action"] = action

    json_actor_id: str | Unset = UNSET
    if not isinstance(actor_id, Unset):
        json_actor_id = str(actor_id)
    params["actor_id"] = json_actor_id

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/admin/audit",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListAdminAuditEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListAdminAuditEventsResponse200.from_dict(response.json())

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
) -> Response[Error | ListAdminAuditEventsResponse200]:
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
    event_type: str | Unset = UNSET,
    action: str | Unset = UNSET,
    actor_id: UUID | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | ListAdminAuditEventsResponse200]:
    """Audit events with actor details (owners and admins)

     Every successful POST, PUT, PATCH or DELETE, plus logins, registrations and accepted invitations,
    newest first. Inbound webhook traffic is recorded as alerts, not here. Adds the actor's email, name
    and API key name, and the user agent.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset): `<resource>.<what>` exactly (e.g. `users.update`, `auth.login`),
            or a resource alone for all its events
        action (str | Unset): The operationId, e.g. `updateUser`
        actor_id (UUID | Unset): A user id or an API key id
        from_ (datetime.datetime | Unset): Events at or after this time
        to (datetime.datetime | Unset): Events at or before this time

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListAdminAuditEventsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        event_type=event_type,
        action=action,
        actor_id=actor_id,
        from_=from_,
        to=to,
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
    event_type: str | Unset = UNSET,
    action: str | Unset = UNSET,
    actor_id: UUID | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | ListAdminAuditEventsResponse200 | None:
    """Audit events with actor details (owners and admins)

     Every successful POST, PUT, PATCH or DELETE, plus logins, registrations and accepted invitations,
    newest first. Inbound webhook traffic is recorded as alerts, not here. Adds the actor's email, name
    and API key name, and the user agent.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset): `<resource>.<what>` exactly (e.g. `users.update`, `auth.login`),
            or a resource alone for all its events
        action (str | Unset): The operationId, e.g. `updateUser`
        actor_id (UUID | Unset): A user id or an API key id
        from_ (datetime.datetime | Unset): Events at or after this time
        to (datetime.datetime | Unset): Events at or before this time

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListAdminAuditEventsResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
        event_type=event_type,
        action=action,
        actor_id=actor_id,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    action: str | Unset = UNSET,
    actor_id: UUID | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | ListAdminAuditEventsResponse200]:
    """Audit events with actor details (owners and admins)

     Every successful POST, PUT, PATCH or DELETE, plus logins, registrations and accepted invitations,
    newest first. Inbound webhook traffic is recorded as alerts, not here. Adds the actor's email, name
    and API key name, and the user agent.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset): `<resource>.<what>` exactly (e.g. `users.update`, `auth.login`),
            or a resource alone for all its events
        action (str | Unset): The operationId, e.g. `updateUser`
        actor_id (UUID | Unset): A user id or an API key id
        from_ (datetime.datetime | Unset): Events at or after this time
        to (datetime.datetime | Unset): Events at or before this time

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListAdminAuditEventsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        event_type=event_type,
        action=action,
        actor_id=actor_id,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 25,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    action: str | Unset = UNSET,
    actor_id: UUID | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | ListAdminAuditEventsResponse200 | None:
    """Audit events with actor details (owners and admins)

     Every successful POST, PUT, PATCH or DELETE, plus logins, registrations and accepted invitations,
    newest first. Inbound webhook traffic is recorded as alerts, not here. Adds the actor's email, name
    and API key name, and the user agent.

    Args:
        limit (int | Unset):  Default: 25.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset): `<resource>.<what>` exactly (e.g. `users.update`, `auth.login`),
            or a resource alone for all its events
        action (str | Unset): The operationId, e.g. `updateUser`
        actor_id (UUID | Unset): A user id or an API key id
        from_ (datetime.datetime | Unset): Events at or after this time
        to (datetime.datetime | Unset): Events at or before this time

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListAdminAuditEventsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
            event_type=event_type,
            action=action,
            actor_id=actor_id,
            from_=from_,
            to=to,
        )
    ).parsed
