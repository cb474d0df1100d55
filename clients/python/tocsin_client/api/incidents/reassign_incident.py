from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reassign_incident_response_202 import ReassignIncidentResponse202
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: Any,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/incidents/{id}/reassign".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReassignIncidentResponse202 | None:
    if response.status_code == 202:
        response_202 = ReassignIncidentResponse202.from_dict(response.json())

        return response_202

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReassignIncidentResponse202]:
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
    body: Any,
) -> Response[Error | ReassignIncidentResponse202]:
    """Reassign the incident to a person or an escalation policy

     Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`)
    and the incident starts a new escalation cycle: to a person, they become the assignee and are paged
    at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by
    moving the incident out of `active`); to a policy, the incident is unassigned and escalates on that
    policy from level 1. An acknowledged incident goes back to `active`. It works whether or not an
    escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another
    organization; 422 VALIDATION_ERROR when the user or policy is not one of the organization; 409
    CONFLICT when the incident is resolved (reopen it first); 503 when the running escalation did not
    answer in time (nothing was reassigned).

    Args:
        id (UUID):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReassignIncidentResponse202]
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
    body: Any,
) -> Error | ReassignIncidentResponse202 | None:
    """Reassign the incident to a person or an escalation policy

     Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`)
    and the incident starts a new escalation cycle: to a person, they become the assignee and are paged
    at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by
    moving the incident out of `active`); to a policy, the incident is unassigned and escalates on that
    policy from level 1. An acknowledged incident goes back to `active`. It works whether or not an
    escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another
    organization; 422 VALIDATION_ERROR when the user or policy is not one of the organization; 409
    CONFLICT when the incident is resolved (reopen it first); 503 when the running escalation did not
    answer in time (nothing was reassigned).

    Args:
        id (UUID):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReassignIncidentResponse202
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
    body: Any,
) -> Response[Error | ReassignIncidentResponse202]:
    """Reassign the incident to a person or an escalation policy

     Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`)
    and the incident starts a new escalation cycle: to a person, they become the assignee and are paged
    at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by
    moving the incident out of `active`); to a policy, the incident is unassigned and escalates on that
    policy from level 1. An acknowledged incident goes back to `active`. It works whether or not an
    escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another
    organization; 422 VALIDATION_ERROR when the user or policy is not one of the organization; 409
    CONFLICT when the incident is resolved (reopen it first); 503 when the running escalation did not
    answer in time (nothing was reassigned).

    Args:
        id (UUID):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReassignIncidentResponse202]
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
    body: Any,
) -> Error | ReassignIncidentResponse202 | None:
    """Reassign the incident to a person or an escalation policy

     Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`)
    and the incident starts a new escalation cycle: to a person, they become the assignee and are paged
    at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by
    moving the incident out of `active`); to a policy, the incident is unassigned and escalates on that
    policy from level 1. An acknowledged incident goes back to `active`. It works whether or not an
    escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another
    organization; 422 VALIDATION_ERROR when the user or policy is not one of the organization; 409
    CONFLICT when the incident is resolved (reopen it first); 503 when the running escalation did not
    answer in time (nothing was reassigned).

    Args:
        id (UUID):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReassignIncidentResponse202
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
