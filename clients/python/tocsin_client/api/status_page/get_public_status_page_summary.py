from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.status_page_summary import StatusPageSummary
from ...types import Response


def _get_kwargs(
    slug: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/status/{slug}/summary.json".format(
            slug=quote(str(slug), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | StatusPageSummary | None:
    if response.status_code == 200:
        response_200 = StatusPageSummary.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | StatusPageSummary]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | StatusPageSummary]:
    """The status page as JSON

     No login. Only what the organization published: components and their status, incidents with their
    public updates (never internal ones, never an incident without a public update), 90 days of history,
    maintenance ahead. `ETag` with `If-None-Match` answers 304; cacheable for 15 s. 404 when no enabled
    page has this slug.

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | StatusPageSummary]
    """

    kwargs = _get_kwargs(
        slug=slug,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | StatusPageSummary | None:
    """The status page as JSON

     No login. Only what the organization published: components and their status, incidents with their
    public updates (never internal ones, never an incident without a public update), 90 days of history,
    maintenance ahead. `ETag` with `If-None-Match` answers 304; cacheable for 15 s. 404 when no enabled
    page has this slug.

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | StatusPageSummary
    """

    return sync_detailed(
        slug=slug,
        client=client,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | StatusPageSummary]:
    """The status page as JSON

     No login. Only what the organization published: components and their status, incidents with their
    public updates (never internal ones, never an incident without a public update), 90 days of history,
    maintenance ahead. `ETag` with `If-None-Match` answers 304; cacheable for 15 s. 404 when no enabled
    page has this slug.

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | StatusPageSummary]
    """

    kwargs = _get_kwargs(
        slug=slug,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | StatusPageSummary | None:
    """The status page as JSON

     No login. Only what the organization published: components and their status, incidents with their
    public updates (never internal ones, never an incident without a public update), 90 days of history,
    maintenance ahead. `ETag` with `If-None-Match` answers 304; cacheable for 15 s. 404 when no enabled
    page has this slug.

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | StatusPageSummary
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
        )
    ).parsed
