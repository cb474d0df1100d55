from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.subscribe_to_status_page_data_body import SubscribeToStatusPageDataBody
from ...models.subscribe_to_status_page_json_body import SubscribeToStatusPageJsonBody
from ...types import Response, UNSET, Unset


def _get_kwargs(
    slug: str,
    *,
    body: SubscribeToStatusPageDataBody | SubscribeToStatusPageJsonBody | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/status/{slug}/subscribe".format(
            slug=quote(str(slug), safe=""),
        ),
    }

    if isinstance(body, SubscribeToStatusPageDataBody):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    if isinstance(body, SubscribeToStatusPageJsonBody):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
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
    body: SubscribeToStatusPageDataBody | SubscribeToStatusPageJsonBody | Unset = UNSET,
) -> Response[Any | Error]:
    """Subscribe an address to the status page's public updates (the page's form)

     Form or JSON `{email}`. A confirmation link is mailed (double opt-in); nothing else is sent until it
    is followed. The answer is the same whether or not the address was subscribed already. 404 when no
    enabled page has this slug.

    Args:
        slug (str):
        body (SubscribeToStatusPageDataBody):
        body (SubscribeToStatusPageJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        slug=slug,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToStatusPageDataBody | SubscribeToStatusPageJsonBody | Unset = UNSET,
) -> Any | Error | None:
    """Subscribe an address to the status page's public updates (the page's form)

     Form or JSON `{email}`. A confirmation link is mailed (double opt-in); nothing else is sent until it
    is followed. The answer is the same whether or not the address was subscribed already. 404 when no
    enabled page has this slug.

    Args:
        slug (str):
        body (SubscribeToStatusPageDataBody):
        body (SubscribeToStatusPageJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        slug=slug,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToStatusPageDataBody | SubscribeToStatusPageJsonBody | Unset = UNSET,
) -> Response[Any | Error]:
    """Subscribe an address to the status page's public updates (the page's form)

     Form or JSON `{email}`. A confirmation link is mailed (double opt-in); nothing else is sent until it
    is followed. The answer is the same whether or not the address was subscribed already. 404 when no
    enabled page has this slug.

    Args:
        slug (str):
        body (SubscribeToStatusPageDataBody):
        body (SubscribeToStatusPageJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        slug=slug,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: SubscribeToStatusPageDataBody | SubscribeToStatusPageJsonBody | Unset = UNSET,
) -> Any | Error | None:
    """Subscribe an address to the status page's public updates (the page's form)

     Form or JSON `{email}`. A confirmation link is mailed (double opt-in); nothing else is sent until it
    is followed. The answer is the same whether or not the address was subscribed already. 404 when no
    enabled page has this slug.

    Args:
        slug (str):
        body (SubscribeToStatusPageDataBody):
        body (SubscribeToStatusPageJsonBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            body=body,
        )
    ).parsed
