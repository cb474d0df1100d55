from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.link_channel_identity_input import LinkChannelIdentityInput
from ...models.link_channel_identity_response_200 import LinkChannelIdentityResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: LinkChannelIdentityInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/channel-identities/link",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | LinkChannelIdentityResponse200 | None:
    if response.status_code == 200:
        response_200 = LinkChannelIdentityResponse200.from_dict(response.json())

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
) -> Response[Error | LinkChannelIdentityResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LinkChannelIdentityInput,
) -> Response[Error | LinkChannelIdentityResponse200]:
    """Link a channel account to you

     With the token of the link the channel sent (15 minutes, single use): from then on that account acts
    as you. An account linked before to someone else in the organization is moved to you. A used or
    expired link is 409; one of another organization 404. API keys are refused (403).

    Args:
        body (LinkChannelIdentityInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LinkChannelIdentityResponse200]
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
    body: LinkChannelIdentityInput,
) -> Error | LinkChannelIdentityResponse200 | None:
    """Link a channel account to you

     With the token of the link the channel sent (15 minutes, single use): from then on that account acts
    as you. An account linked before to someone else in the organization is moved to you. A used or
    expired link is 409; one of another organization 404. API keys are refused (403).

    Args:
        body (LinkChannelIdentityInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LinkChannelIdentityResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LinkChannelIdentityInput,
) -> Response[Error | LinkChannelIdentityResponse200]:
    """Link a channel account to you

     With the token of the link the channel sent (15 minutes, single use): from then on that account acts
    as you. An account linked before to someone else in the organization is moved to you. A used or
    expired link is 409; one of another organization 404. API keys are refused (403).

    Args:
        body (LinkChannelIdentityInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LinkChannelIdentityResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LinkChannelIdentityInput,
) -> Error | LinkChannelIdentityResponse200 | None:
    """Link a channel account to you

     With the token of the link the channel sent (15 minutes, single use): from then on that account acts
    as you. An account linked before to someone else in the organization is moved to you. A used or
    expired link is 409; one of another organization 404. API keys are refused (403).

    Args:
        body (LinkChannelIdentityInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LinkChannelIdentityResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
