from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.slack_install import SlackInstall
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/slack/install",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | SlackInstall | None:
    if response.status_code == 200:
        response_200 = SlackInstall.from_dict(response.json())

        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Any | Error | SlackInstall]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | SlackInstall]:
    """Connect Slack: start the app’s install

     Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for
    the bot scopes the app needs, with a state sealed for you and your organization (10 minutes, single
    use). 409 when the operator has not configured a Slack app on this instance.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SlackInstall]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | SlackInstall | None:
    """Connect Slack: start the app’s install

     Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for
    the bot scopes the app needs, with a state sealed for you and your organization (10 minutes, single
    use). 409 when the operator has not configured a Slack app on this instance.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SlackInstall
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | SlackInstall]:
    """Connect Slack: start the app’s install

     Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for
    the bot scopes the app needs, with a state sealed for you and your organization (10 minutes, single
    use). 409 when the operator has not configured a Slack app on this instance.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SlackInstall]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | SlackInstall | None:
    """Connect Slack: start the app’s install

     Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for
    the bot scopes the app needs, with a state sealed for you and your organization (10 minutes, single
    use). 409 when the operator has not configured a Slack app on this instance.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SlackInstall
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
