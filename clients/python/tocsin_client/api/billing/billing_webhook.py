from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.billing_webhook_ack import BillingWebhookAck
from ...models.error import Error
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/billing/webhook",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BillingWebhookAck | Error | WebhookError | None:
    if response.status_code == 200:
        response_200 = BillingWebhookAck.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = WebhookError.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = WebhookError.from_dict(response.json())

        return response_413

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
) -> Response[BillingWebhookAck | Error | WebhookError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BillingWebhookAck | Error | WebhookError]:
    """Stripe events (signed, no credential)

     Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a
    bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape).
    `checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or
    `checkout.session.async_payment_succeeded`, sets the plan named in the session's metadata on the
    organization in `client_reference_id` (a checkout whose payment is still pending changes nothing).
    `customer.subscription.deleted` of the organization's current subscription, or
    `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to
    `free`; other updates record the status, and the paid-for subscription back to `active` or
    `trialing` restores its plan. Each event id is applied once: a replay answers `duplicate: true`. The
    new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED`
    without a webhook secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BillingWebhookAck | Error | WebhookError]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> BillingWebhookAck | Error | WebhookError | None:
    """Stripe events (signed, no credential)

     Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a
    bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape).
    `checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or
    `checkout.session.async_payment_succeeded`, sets the plan named in the session's metadata on the
    organization in `client_reference_id` (a checkout whose payment is still pending changes nothing).
    `customer.subscription.deleted` of the organization's current subscription, or
    `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to
    `free`; other updates record the status, and the paid-for subscription back to `active` or
    `trialing` restores its plan. Each event id is applied once: a replay answers `duplicate: true`. The
    new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED`
    without a webhook secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BillingWebhookAck | Error | WebhookError
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[BillingWebhookAck | Error | WebhookError]:
    """Stripe events (signed, no credential)

     Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a
    bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape).
    `checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or
    `checkout.session.async_payment_succeeded`, sets the plan named in the session's metadata on the
    organization in `client_reference_id` (a checkout whose payment is still pending changes nothing).
    `customer.subscription.deleted` of the organization's current subscription, or
    `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to
    `free`; other updates record the status, and the paid-for subscription back to `active` or
    `trialing` restores its plan. Each event id is applied once: a replay answers `duplicate: true`. The
    new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED`
    without a webhook secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BillingWebhookAck | Error | WebhookError]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> BillingWebhookAck | Error | WebhookError | None:
    """Stripe events (signed, no credential)

     Verified with `Stripe-Signature` against the instance's Stripe webhook secret over the raw body; a
    bad or missing signature is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape).
    `checkout.session.completed` with `payment_status` `paid` or `no_payment_required`, or
    `checkout.session.async_payment_succeeded`, sets the plan named in the session's metadata on the
    organization in `client_reference_id` (a checkout whose payment is still pending changes nothing).
    `customer.subscription.deleted` of the organization's current subscription, or
    `customer.subscription.updated` to `unpaid`, `incomplete_expired` or `canceled`, returns it to
    `free`; other updates record the status, and the paid-for subscription back to `active` or
    `trialing` restores its plan. Each event id is applied once: a replay answers `duplicate: true`. The
    new plan's limits apply from the next request, in every API process. 409 `BILLING_NOT_CONFIGURED`
    without a webhook secret.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BillingWebhookAck | Error | WebhookError
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
