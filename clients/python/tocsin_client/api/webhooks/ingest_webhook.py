from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.ingest_webhook_platform import IngestWebhookPlatform
from ...models.webhook_accepted import WebhookAccepted
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs(
    platform: IngestWebhookPlatform,
    integration_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{platform}/{integration_id}".format(
            platform=quote(str(platform), safe=""),
            integration_id=quote(str(integration_id), safe=""),
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
        response_401 = WebhookError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = WebhookError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = WebhookError.from_dict(response.json())

        return response_409

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
    platform: IngestWebhookPlatform,
    integration_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WebhookAccepted | WebhookError]:
    """Ingest an alert from a monitoring platform

     The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex
    HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`.
    Answered `queued` once Temporal holds every valid alert of the payload. Each alert of a multi-alert
    payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a
    severity, or not an object, is refused and the others are queued; the 200 answer lists the refused
    ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were
    queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with
    `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that
    is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. The
    integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid
    alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the
    whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail`
    gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when
    to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled
    integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications
    (bad signature, unknown integration) count against the client IP only (429 past the instance's
    hourly limit, 100 by default). Retries of one delivery (the same raw body, and the same optional
    `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same
    body sent again after the window counts again. A payload carries at most the per-payload cap of
    alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. An alert joins the open
    incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for
    `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor
    (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope
    (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.

    Args:
        platform (IngestWebhookPlatform):
        integration_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted | WebhookError]
    """

    kwargs = _get_kwargs(
        platform=platform,
        integration_id=integration_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    platform: IngestWebhookPlatform,
    integration_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | WebhookAccepted | WebhookError | None:
    """Ingest an alert from a monitoring platform

     The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex
    HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`.
    Answered `queued` once Temporal holds every valid alert of the payload. Each alert of a multi-alert
    payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a
    severity, or not an object, is refused and the others are queued; the 200 answer lists the refused
    ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were
    queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with
    `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that
    is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. The
    integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid
    alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the
    whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail`
    gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when
    to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled
    integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications
    (bad signature, unknown integration) count against the client IP only (429 past the instance's
    hourly limit, 100 by default). Retries of one delivery (the same raw body, and the same optional
    `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same
    body sent again after the window counts again. A payload carries at most the per-payload cap of
    alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. An alert joins the open
    incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for
    `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor
    (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope
    (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.

    Args:
        platform (IngestWebhookPlatform):
        integration_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted | WebhookError
    """

    return sync_detailed(
        platform=platform,
        integration_id=integration_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    platform: IngestWebhookPlatform,
    integration_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WebhookAccepted | WebhookError]:
    """Ingest an alert from a monitoring platform

     The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex
    HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`.
    Answered `queued` once Temporal holds every valid alert of the payload. Each alert of a multi-alert
    payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a
    severity, or not an object, is refused and the others are queued; the 200 answer lists the refused
    ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were
    queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with
    `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that
    is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. The
    integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid
    alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the
    whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail`
    gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when
    to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled
    integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications
    (bad signature, unknown integration) count against the client IP only (429 past the instance's
    hourly limit, 100 by default). Retries of one delivery (the same raw body, and the same optional
    `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same
    body sent again after the window counts again. A payload carries at most the per-payload cap of
    alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. An alert joins the open
    incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for
    `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor
    (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope
    (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.

    Args:
        platform (IngestWebhookPlatform):
        integration_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookAccepted | WebhookError]
    """

    kwargs = _get_kwargs(
        platform=platform,
        integration_id=integration_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    platform: IngestWebhookPlatform,
    integration_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | WebhookAccepted | WebhookError | None:
    """Ingest an alert from a monitoring platform

     The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex
    HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`.
    Answered `queued` once Temporal holds every valid alert of the payload. Each alert of a multi-alert
    payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a
    severity, or not an object, is refused and the others are queued; the 200 answer lists the refused
    ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were
    queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with
    `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that
    is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. The
    integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid
    alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the
    whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail`
    gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when
    to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled
    integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications
    (bad signature, unknown integration) count against the client IP only (429 past the instance's
    hourly limit, 100 by default). Retries of one delivery (the same raw body, and the same optional
    `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same
    body sent again after the window counts again. A payload carries at most the per-payload cap of
    alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. An alert joins the open
    incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for
    `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor
    (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope
    (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.

    Args:
        platform (IngestWebhookPlatform):
        integration_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookAccepted | WebhookError
    """

    return (
        await asyncio_detailed(
            platform=platform,
            integration_id=integration_id,
            client=client,
        )
    ).parsed
