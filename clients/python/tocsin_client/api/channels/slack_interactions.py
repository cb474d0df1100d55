from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/slack/interactions",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | WebhookError | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 401:
        response_401 = WebhookError.from_dict(response.json())

        return response_401

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
) -> Response[Any | Error | WebhookError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | WebhookError]:
    """Slack button presses (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. A press of Acknowledge,
    Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member,
    with their role, once (timeline, audit, the escalation stops); the message is then updated for
    everyone. A user not linked, or linked in another organization, is told why (an ephemeral message,
    with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the
    answer, not the status.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookError]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | WebhookError | None:
    """Slack button presses (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. A press of Acknowledge,
    Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member,
    with their role, once (timeline, audit, the escalation stops); the message is then updated for
    everyone. A user not linked, or linked in another organization, is told why (an ephemeral message,
    with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the
    answer, not the status.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookError
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | WebhookError]:
    """Slack button presses (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. A press of Acknowledge,
    Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member,
    with their role, once (timeline, audit, the escalation stops); the message is then updated for
    everyone. A user not linked, or linked in another organization, is told why (an ephemeral message,
    with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the
    answer, not the status.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookError]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | WebhookError | None:
    """Slack button presses (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. A press of Acknowledge,
    Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member,
    with their role, once (timeline, audit, the escalation stops); the message is then updated for
    everyone. A user not linked, or linked in another organization, is told why (an ephemeral message,
    with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the
    answer, not the status.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookError
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
