from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.put_priority_runbook_body import PutPriorityRunbookBody
from ...models.put_priority_runbook_priority import PutPriorityRunbookPriority
from ...models.put_priority_runbook_response_200 import PutPriorityRunbookResponse200
from ...types import Response


def _get_kwargs(
    priority: PutPriorityRunbookPriority,
    *,
    body: PutPriorityRunbookBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/priority-runbooks/{priority}".format(
            priority=quote(str(priority), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PutPriorityRunbookResponse200 | None:
    if response.status_code == 200:
        response_200 = PutPriorityRunbookResponse200.from_dict(response.json())

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
) -> Response[Error | PutPriorityRunbookResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    priority: PutPriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
    body: PutPriorityRunbookBody,
) -> Response[Error | PutPriorityRunbookResponse200]:
    """Set the runbook of a priority (replacing the one it had)

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going. Incidents already open keep what they have: setting a runbook starts nothing by itself.
    404 NOT_FOUND for a procedure of another organization or none.

    Args:
        priority (PutPriorityRunbookPriority): The priority, P1 (most pressing) to P5
        body (PutPriorityRunbookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutPriorityRunbookResponse200]
    """

    kwargs = _get_kwargs(
        priority=priority,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    priority: PutPriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
    body: PutPriorityRunbookBody,
) -> Error | PutPriorityRunbookResponse200 | None:
    """Set the runbook of a priority (replacing the one it had)

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going. Incidents already open keep what they have: setting a runbook starts nothing by itself.
    404 NOT_FOUND for a procedure of another organization or none.

    Args:
        priority (PutPriorityRunbookPriority): The priority, P1 (most pressing) to P5
        body (PutPriorityRunbookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutPriorityRunbookResponse200
    """

    return sync_detailed(
        priority=priority,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    priority: PutPriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
    body: PutPriorityRunbookBody,
) -> Response[Error | PutPriorityRunbookResponse200]:
    """Set the runbook of a priority (replacing the one it had)

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going. Incidents already open keep what they have: setting a runbook starts nothing by itself.
    404 NOT_FOUND for a procedure of another organization or none.

    Args:
        priority (PutPriorityRunbookPriority): The priority, P1 (most pressing) to P5
        body (PutPriorityRunbookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutPriorityRunbookResponse200]
    """

    kwargs = _get_kwargs(
        priority=priority,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    priority: PutPriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
    body: PutPriorityRunbookBody,
) -> Error | PutPriorityRunbookResponse200 | None:
    """Set the runbook of a priority (replacing the one it had)

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going. Incidents already open keep what they have: setting a runbook starts nothing by itself.
    404 NOT_FOUND for a procedure of another organization or none.

    Args:
        priority (PutPriorityRunbookPriority): The priority, P1 (most pressing) to P5
        body (PutPriorityRunbookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutPriorityRunbookResponse200
    """

    return (
        await asyncio_detailed(
            priority=priority,
            client=client,
            body=body,
        )
    ).parsed
