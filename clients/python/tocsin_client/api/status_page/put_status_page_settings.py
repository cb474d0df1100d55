from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.put_status_page_settings_body import PutStatusPageSettingsBody
from ...models.put_status_page_settings_response_200 import PutStatusPageSettingsResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: PutStatusPageSettingsBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/status-page",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PutStatusPageSettingsResponse200 | None:
    if response.status_code == 200:
        response_200 = PutStatusPageSettingsResponse200.from_dict(response.json())

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
) -> Response[Error | PutStatusPageSettingsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PutStatusPageSettingsBody,
) -> Response[Error | PutStatusPageSettingsResponse200]:
    """Set up the organization's public status page

     The page is served without login at `/status/{slug}` (HTML), `/status/{slug}/feed.atom` and
    `/status/{slug}/summary.json`, and at the root of `custom_domain` when its DNS points at Tocsin. It
    shows the components, their status, incidents with public updates only (90 days) and maintenance
    windows ahead. 409 CONFLICT when another organization uses the slug or domain.

    Args:
        body (PutStatusPageSettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutStatusPageSettingsResponse200]
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
    body: PutStatusPageSettingsBody,
) -> Error | PutStatusPageSettingsResponse200 | None:
    """Set up the organization's public status page

     The page is served without login at `/status/{slug}` (HTML), `/status/{slug}/feed.atom` and
    `/status/{slug}/summary.json`, and at the root of `custom_domain` when its DNS points at Tocsin. It
    shows the components, their status, incidents with public updates only (90 days) and maintenance
    windows ahead. 409 CONFLICT when another organization uses the slug or domain.

    Args:
        body (PutStatusPageSettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutStatusPageSettingsResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PutStatusPageSettingsBody,
) -> Response[Error | PutStatusPageSettingsResponse200]:
    """Set up the organization's public status page

     The page is served without login at `/status/{slug}` (HTML), `/status/{slug}/feed.atom` and
    `/status/{slug}/summary.json`, and at the root of `custom_domain` when its DNS points at Tocsin. It
    shows the components, their status, incidents with public updates only (90 days) and maintenance
    windows ahead. 409 CONFLICT when another organization uses the slug or domain.

    Args:
        body (PutStatusPageSettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutStatusPageSettingsResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PutStatusPageSettingsBody,
) -> Error | PutStatusPageSettingsResponse200 | None:
    """Set up the organization's public status page

     The page is served without login at `/status/{slug}` (HTML), `/status/{slug}/feed.atom` and
    `/status/{slug}/summary.json`, and at the root of `custom_domain` when its DNS points at Tocsin. It
    shows the components, their status, incidents with public updates only (90 days) and maintenance
    windows ahead. 409 CONFLICT when another organization uses the slug or domain.

    Args:
        body (PutStatusPageSettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutStatusPageSettingsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
