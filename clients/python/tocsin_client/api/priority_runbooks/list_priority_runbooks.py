from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_priority_runbooks_response_200 import ListPriorityRunbooksResponse200
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/priority-runbooks",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListPriorityRunbooksResponse200 | None:
    if response.status_code == 200:
        response_200 = ListPriorityRunbooksResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | ListPriorityRunbooksResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | ListPriorityRunbooksResponse200]:
    """The runbook of each priority that has one

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListPriorityRunbooksResponse200]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | ListPriorityRunbooksResponse200 | None:
    """The runbook of each priority that has one

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListPriorityRunbooksResponse200
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | ListPriorityRunbooksResponse200]:
    """The runbook of each priority that has one

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListPriorityRunbooksResponse200]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | ListPriorityRunbooksResponse200 | None:
    """The runbook of each priority that has one

     Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by
    hand, by its routing rule or its integration) or is set to it later; at most one automatic run per
    incident: when the routing rule that routed the incident names a runbook, that one runs instead, and
    once an automatic run started no other starts. Resolving the incident another way cancels a run
    still going.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListPriorityRunbooksResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
