from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.events_v2_accepted import EventsV2Accepted
from ...models.events_v2_invalid import EventsV2Invalid
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/enqueue",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    if response.status_code == 202:
        response_202 = EventsV2Accepted.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = EventsV2Invalid.from_dict(response.json())

        return response_400

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

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
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    """Send an alert event (PagerDuty Events API v2)

     PagerDuty's Events API v2, unchanged: a sender configured for
    `https://events.pagerduty.com/v2/enqueue` only needs this URL. Body: `routing_key` (the routing key
    of a `pager` integration, shown with its secret on creation and rotation), `event_action`
    (`trigger`, `acknowledge`, `resolve`), `dedup_key` (at most 255 characters; required for acknowledge
    and resolve; generated and answered for a trigger sent without), `payload` for triggers (`summary` ≤
    1024 characters, `source`, `severity` critical|error|warning|info, and optional `timestamp`,
    `component`, `group`, `class`, `custom_details`), `links`, `images`, `client`, `client_url`. A
    trigger opens an incident (severity critical/high/medium/low for critical/error/warning/info) or
    joins the open incident of its dedup key (alert count up), through the same ingestion as every
    webhook; resolve resolves that incident; acknowledge moves it from `active` to `investigating`
    (stopping its escalation); an acknowledge or resolve whose dedup key has no open incident is
    accepted and dropped, as PagerDuty does. The same body sent again within the deduplication window
    (600 s by default) is a retry and counts once. Answers PagerDuty's: 202 `{status: "success",
    message: "Event processed", dedup_key}`; 400 `{status: "invalid event", message: "Event object is
    invalid", errors: [...]}` for a bad body or an unknown routing key (`Invalid routing key`); 429 past
    the integration's hourly webhook quota (retry later, as PagerDuty asks); 413 over the body limit;
    503 while alerts cannot be queued.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventsV2Accepted | EventsV2Invalid]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    """Send an alert event (PagerDuty Events API v2)

     PagerDuty's Events API v2, unchanged: a sender configured for
    `https://events.pagerduty.com/v2/enqueue` only needs this URL. Body: `routing_key` (the routing key
    of a `pager` integration, shown with its secret on creation and rotation), `event_action`
    (`trigger`, `acknowledge`, `resolve`), `dedup_key` (at most 255 characters; required for acknowledge
    and resolve; generated and answered for a trigger sent without), `payload` for triggers (`summary` ≤
    1024 characters, `source`, `severity` critical|error|warning|info, and optional `timestamp`,
    `component`, `group`, `class`, `custom_details`), `links`, `images`, `client`, `client_url`. A
    trigger opens an incident (severity critical/high/medium/low for critical/error/warning/info) or
    joins the open incident of its dedup key (alert count up), through the same ingestion as every
    webhook; resolve resolves that incident; acknowledge moves it from `active` to `investigating`
    (stopping its escalation); an acknowledge or resolve whose dedup key has no open incident is
    accepted and dropped, as PagerDuty does. The same body sent again within the deduplication window
    (600 s by default) is a retry and counts once. Answers PagerDuty's: 202 `{status: "success",
    message: "Event processed", dedup_key}`; 400 `{status: "invalid event", message: "Event object is
    invalid", errors: [...]}` for a bad body or an unknown routing key (`Invalid routing key`); 429 past
    the integration's hourly webhook quota (retry later, as PagerDuty asks); 413 over the body limit;
    503 while alerts cannot be queued.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventsV2Accepted | EventsV2Invalid
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | EventsV2Accepted | EventsV2Invalid]:
    """Send an alert event (PagerDuty Events API v2)

     PagerDuty's Events API v2, unchanged: a sender configured for
    `https://events.pagerduty.com/v2/enqueue` only needs this URL. Body: `routing_key` (the routing key
    of a `pager` integration, shown with its secret on creation and rotation), `event_action`
    (`trigger`, `acknowledge`, `resolve`), `dedup_key` (at most 255 characters; required for acknowledge
    and resolve; generated and answered for a trigger sent without), `payload` for triggers (`summary` ≤
    1024 characters, `source`, `severity` critical|error|warning|info, and optional `timestamp`,
    `component`, `group`, `class`, `custom_details`), `links`, `images`, `client`, `client_url`. A
    trigger opens an incident (severity critical/high/medium/low for critical/error/warning/info) or
    joins the open incident of its dedup key (alert count up), through the same ingestion as every
    webhook; resolve resolves that incident; acknowledge moves it from `active` to `investigating`
    (stopping its escalation); an acknowledge or resolve whose dedup key has no open incident is
    accepted and dropped, as PagerDuty does. The same body sent again within the deduplication window
    (600 s by default) is a retry and counts once. Answers PagerDuty's: 202 `{status: "success",
    message: "Event processed", dedup_key}`; 400 `{status: "invalid event", message: "Event object is
    invalid", errors: [...]}` for a bad body or an unknown routing key (`Invalid routing key`); 429 past
    the integration's hourly webhook quota (retry later, as PagerDuty asks); 413 over the body limit;
    503 while alerts cannot be queued.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | EventsV2Accepted | EventsV2Invalid]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | EventsV2Accepted | EventsV2Invalid | None:
    """Send an alert event (PagerDuty Events API v2)

     PagerDuty's Events API v2, unchanged: a sender configured for
    `https://events.pagerduty.com/v2/enqueue` only needs this URL. Body: `routing_key` (the routing key
    of a `pager` integration, shown with its secret on creation and rotation), `event_action`
    (`trigger`, `acknowledge`, `resolve`), `dedup_key` (at most 255 characters; required for acknowledge
    and resolve; generated and answered for a trigger sent without), `payload` for triggers (`summary` ≤
    1024 characters, `source`, `severity` critical|error|warning|info, and optional `timestamp`,
    `component`, `group`, `class`, `custom_details`), `links`, `images`, `client`, `client_url`. A
    trigger opens an incident (severity critical/high/medium/low for critical/error/warning/info) or
    joins the open incident of its dedup key (alert count up), through the same ingestion as every
    webhook; resolve resolves that incident; acknowledge moves it from `active` to `investigating`
    (stopping its escalation); an acknowledge or resolve whose dedup key has no open incident is
    accepted and dropped, as PagerDuty does. The same body sent again within the deduplication window
    (600 s by default) is a retry and counts once. Answers PagerDuty's: 202 `{status: "success",
    message: "Event processed", dedup_key}`; 400 `{status: "invalid event", message: "Event object is
    invalid", errors: [...]}` for a bad body or an unknown routing key (`Invalid routing key`); 429 past
    the integration's hourly webhook quota (retry later, as PagerDuty asks); 413 over the body limit;
    503 while alerts cannot be queued.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | EventsV2Accepted | EventsV2Invalid
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
