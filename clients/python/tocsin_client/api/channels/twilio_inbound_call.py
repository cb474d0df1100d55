from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.twilio_inbound_call_body import TwilioInboundCallBody
from ...models.webhook_error import WebhookError
from ...types import Response


def _get_kwargs(
    organization_id: UUID,
    *,
    body: TwilioInboundCallBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/twilio/{organization_id}/voice".format(
            organization_id=quote(str(organization_id), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | WebhookError | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = WebhookError.from_dict(response.json())

        return response_401

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
) -> Response[Any | Error | WebhookError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organization_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TwilioInboundCallBody,
) -> Response[Any | Error | WebhookError]:
    """A call to the Twilio number (its voice webhook)

     Signed by Twilio (`X-Twilio-Signature`: HMAC-SHA1 with the Auth Token of the organization’s Twilio
    connection over the public URL and the sorted POST parameters); anything else is 401 and changes
    nothing. Pages are outbound only: the caller hears so.

    Args:
        organization_id (UUID): The organization whose Twilio connection signs the request
        body (TwilioInboundCallBody): Twilio's webhook parameters (form-encoded), e.g.
            `MessageSid`, `From`, `To`, `Body`, `CallSid`, `Digits`, `AccountSid`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookError]
    """

    kwargs = _get_kwargs(
        organization_id=organization_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organization_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TwilioInboundCallBody,
) -> Any | Error | WebhookError | None:
    """A call to the Twilio number (its voice webhook)

     Signed by Twilio (`X-Twilio-Signature`: HMAC-SHA1 with the Auth Token of the organization’s Twilio
    connection over the public URL and the sorted POST parameters); anything else is 401 and changes
    nothing. Pages are outbound only: the caller hears so.

    Args:
        organization_id (UUID): The organization whose Twilio connection signs the request
        body (TwilioInboundCallBody): Twilio's webhook parameters (form-encoded), e.g.
            `MessageSid`, `From`, `To`, `Body`, `CallSid`, `Digits`, `AccountSid`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookError
    """

    return sync_detailed(
        organization_id=organization_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    organization_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TwilioInboundCallBody,
) -> Response[Any | Error | WebhookError]:
    """A call to the Twilio number (its voice webhook)

     Signed by Twilio (`X-Twilio-Signature`: HMAC-SHA1 with the Auth Token of the organization’s Twilio
    connection over the public URL and the sorted POST parameters); anything else is 401 and changes
    nothing. Pages are outbound only: the caller hears so.

    Args:
        organization_id (UUID): The organization whose Twilio connection signs the request
        body (TwilioInboundCallBody): Twilio's webhook parameters (form-encoded), e.g.
            `MessageSid`, `From`, `To`, `Body`, `CallSid`, `Digits`, `AccountSid`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | WebhookError]
    """

    kwargs = _get_kwargs(
        organization_id=organization_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organization_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TwilioInboundCallBody,
) -> Any | Error | WebhookError | None:
    """A call to the Twilio number (its voice webhook)

     Signed by Twilio (`X-Twilio-Signature`: HMAC-SHA1 with the Auth Token of the organization’s Twilio
    connection over the public URL and the sorted POST parameters); anything else is 401 and changes
    nothing. Pages are outbound only: the caller hears so.

    Args:
        organization_id (UUID): The organization whose Twilio connection signs the request
        body (TwilioInboundCallBody): Twilio's webhook parameters (form-encoded), e.g.
            `MessageSid`, `From`, `To`, `Body`, `CallSid`, `Digits`, `AccountSid`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | WebhookError
    """

    return (
        await asyncio_detailed(
            organization_id=organization_id,
            client=client,
            body=body,
        )
    ).parsed
