from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.slack_command_answer import SlackCommandAnswer
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/slack/commands",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SlackCommandAnswer | WebhookError | None:
    if response.status_code == 200:
        response_200 = SlackCommandAnswer.from_dict(response.json())

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
) -> Response[Error | SlackCommandAnswer | WebhookError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | SlackCommandAnswer | WebhookError]:
    """The `/tocsin` slash command (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. `/tocsin ack <incident id>`,
    `resolve <incident id>`, `incident <incident id>`, `oncall` and `link`, as the Slack user's linked
    member; the answer is shown to that user only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SlackCommandAnswer | WebhookError]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | SlackCommandAnswer | WebhookError | None:
    """The `/tocsin` slash command (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. `/tocsin ack <incident id>`,
    `resolve <incident id>`, `incident <incident id>`, `oncall` and `link`, as the Slack user's linked
    member; the answer is shown to that user only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SlackCommandAnswer | WebhookError
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | SlackCommandAnswer | WebhookError]:
    """The `/tocsin` slash command (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. `/tocsin ack <incident id>`,
    `resolve <incident id>`, `incident <incident id>`, `oncall` and `link`, as the Slack user's linked
    member; the answer is shown to that user only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SlackCommandAnswer | WebhookError]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | SlackCommandAnswer | WebhookError | None:
    """The `/tocsin` slash command (signed by Slack, no credential)

     Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack
    app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; a timestamp more than 5
    minutes from now, a wrong signature or a request already received (a replay) is 401
    `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing. `/tocsin ack <incident id>`,
    `resolve <incident id>`, `incident <incident id>`, `oncall` and `link`, as the Slack user's linked
    member; the answer is shown to that user only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SlackCommandAnswer | WebhookError
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
