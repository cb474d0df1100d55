from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.webhook_health import WebhookHealth
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/health",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | WebhookHealth | None:
    if response.status_code == 200:
        response_200 = WebhookHealth.from_dict(response.json())

        return response_200

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
) -> Response[Error | WebhookHealth]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WebhookHealth]:
    """Health of the webhook endpoints

     No credential, and built from this instance's own signals only, never from any organization's
    integrations or deliveries: every platform is `ok` while Temporal and the database answer (an alert
    can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer;
    webhooks then answer 503). An organization's own view (its failing integrations per platform) is
    `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the
    state is in the body. One report answers every caller for up to 2 s (concurrent requests share the
    one being made), so a change shows within about 2 s.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookHealth]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | WebhookHealth | None:
    """Health of the webhook endpoints

     No credential, and built from this instance's own signals only, never from any organization's
    integrations or deliveries: every platform is `ok` while Temporal and the database answer (an alert
    can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer;
    webhooks then answer 503). An organization's own view (its failing integrations per platform) is
    `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the
    state is in the body. One report answers every caller for up to 2 s (concurrent requests share the
    one being made), so a change shows within about 2 s.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookHealth
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WebhookHealth]:
    """Health of the webhook endpoints

     No credential, and built from this instance's own signals only, never from any organization's
    integrations or deliveries: every platform is `ok` while Temporal and the database answer (an alert
    can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer;
    webhooks then answer 503). An organization's own view (its failing integrations per platform) is
    `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the
    state is in the body. One report answers every caller for up to 2 s (concurrent requests share the
    one being made), so a change shows within about 2 s.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookHealth]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | WebhookHealth | None:
    """Health of the webhook endpoints

     No credential, and built from this instance's own signals only, never from any organization's
    integrations or deliveries: every platform is `ok` while Temporal and the database answer (an alert
    can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer;
    webhooks then answer 503). An organization's own view (its failing integrations per platform) is
    `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the
    state is in the body. One report answers every caller for up to 2 s (concurrent requests share the
    one being made), so a change shows within about 2 s.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookHealth
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
