from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.ingest_webhook_short_form_platform import IngestWebhookShortFormPlatform
from ...models.webhook_accepted import WebhookAccepted
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs(
    platform: IngestWebhookShortFormPlatform,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{platform}".format(
            platform=quote(str(platform), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookAccepted | WebhookError | None:
    if response.status_code == 200:
        response_200 = WebhookAccepted.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = WebhookError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = WebhookError.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = WebhookError.from_dict(response.json())

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
) -> Response[Error | WebhookAccepted | WebhookError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: IngestWebhookShortFormPlatform,
    *,
    client: AuthenticatedClient,
) -> Response[Error | WebhookAccepted | WebhookError]:
    """Ingest an alert with an API key

     Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's
    token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the
    platform. The organization's hourly webhook quota for the platform counts alerts, as on the signed
    route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is
    refused whole with 429 `RATE_LIMITED`. As on the signed route, each alert is judged alone: the valid
    ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with
    `details.rejected`) only when none is valid.

    Args:
        platform (IngestWebhookShortFormPlatform):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted | WebhookError]
    """

    kwargs = _get_kwargs(
        platform=platform,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    platform: IngestWebhookShortFormPlatform,
    *,
    client: AuthenticatedClient,
) -> Error | WebhookAccepted | WebhookError | None:
    """Ingest an alert with an API key

     Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's
    token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the
    platform. The organization's hourly webhook quota for the platform counts alerts, as on the signed
    route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is
    refused whole with 429 `RATE_LIMITED`. As on the signed route, each alert is judged alone: the valid
    ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with
    `details.rejected`) only when none is valid.

    Args:
        platform (IngestWebhookShortFormPlatform):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted | WebhookError
    """

    return sync_detailed(
        platform=platform,
        client=client,
    ).parsed


async def asyncio_detailed(
    platform: IngestWebhookShortFormPlatform,
    *,
    client: AuthenticatedClient,
) -> Response[Error | WebhookAccepted | WebhookError]:
    """Ingest an alert with an API key

     Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's
    token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the
    platform. The organization's hourly webhook quota for the platform counts alerts, as on the signed
    route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is
    refused whole with 429 `RATE_LIMITED`. As on the signed route, each alert is judged alone: the valid
    ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with
    `details.rejected`) only when none is valid.

    Args:
        platform (IngestWebhookShortFormPlatform):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted | WebhookError]
    """

    kwargs = _get_kwargs(
        platform=platform,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    platform: IngestWebhookShortFormPlatform,
    *,
    client: AuthenticatedClient,
) -> Error | WebhookAccepted | WebhookError | None:
    """Ingest an alert with an API key

     Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's
    token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the
    platform. The organization's hourly webhook quota for the platform counts alerts, as on the signed
    route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is
    refused whole with 429 `RATE_LIMITED`. As on the signed route, each alert is judged alone: the valid
    ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with
    `details.rejected`) only when none is valid.

    Args:
        platform (IngestWebhookShortFormPlatform):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted | WebhookError
    """

    return (
        await asyncio_detailed(
            platform=platform,
            client=client,
        )
    ).parsed
