from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_priority_runbook_priority import DeletePriorityRunbookPriority
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    priority: DeletePriorityRunbookPriority,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/priority-runbooks/{priority}".format(
            priority=quote(str(priority), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    priority: DeletePriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error]:
    """Remove the runbook of a priority

     Runs it already started go on. 404 NOT_FOUND when the priority has none.

    Args:
        priority (DeletePriorityRunbookPriority): The priority, P1 (most pressing) to P5

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        priority=priority,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    priority: DeletePriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | None:
    """Remove the runbook of a priority

     Runs it already started go on. 404 NOT_FOUND when the priority has none.

    Args:
        priority (DeletePriorityRunbookPriority): The priority, P1 (most pressing) to P5

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        priority=priority,
        client=client,
    ).parsed


async def asyncio_detailed(
    priority: DeletePriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error]:
    """Remove the runbook of a priority

     Runs it already started go on. 404 NOT_FOUND when the priority has none.

    Args:
        priority (DeletePriorityRunbookPriority): The priority, P1 (most pressing) to P5

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        priority=priority,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    priority: DeletePriorityRunbookPriority,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | None:
    """Remove the runbook of a priority

     Runs it already started go on. 404 NOT_FOUND when the priority has none.

    Args:
        priority (DeletePriorityRunbookPriority): The priority, P1 (most pressing) to P5

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            priority=priority,
            client=client,
        )
    ).parsed
