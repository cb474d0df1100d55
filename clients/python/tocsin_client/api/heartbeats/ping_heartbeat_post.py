from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.ping_heartbeat_post_response_200 import PingHeartbeatPostResponse200
from ...types import UNSET, Response


def _get_kwargs(
    *,
    token: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["token"] = token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/heartbeats/ping",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PingHeartbeatPostResponse200 | None:
    if response.status_code == 200:
        response_200 = PingHeartbeatPostResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | PingHeartbeatPostResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Response[Error | PingHeartbeatPostResponse200]:
    """Ping a heartbeat (POST, Alertmanager Watchdog payloads understood)

     No credential: the secret `token` query parameter of the ping URL is the credential (an unknown or
    rotated one is 404). Stamps the ping; while the heartbeat is down, it also resolves the lapse
    incident (503 when Temporal cannot take that: retry). POST may carry an Alertmanager webhook payload
    (`{"alerts": [...]}`): it pings only when one of its alerts is firing with `labels.alertname` equal
    to the heartbeat's `alert_name` (default `Watchdog`), else answers `pinged: false` and changes
    nothing. Any other body, or none, is a plain ping. Each ping counts one unit of its integration's
    hourly webhook quota (429 past it); unknown secrets count against the caller's IP as failed webhook
    authentications.

    Args:
        token (str): The ping URL's secret (a query parameter, so it never appears in Tocsin's
            logged paths or traces)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PingHeartbeatPostResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Error | PingHeartbeatPostResponse200 | None:
    """Ping a heartbeat (POST, Alertmanager Watchdog payloads understood)

     No credential: the secret `token` query parameter of the ping URL is the credential (an unknown or
    rotated one is 404). Stamps the ping; while the heartbeat is down, it also resolves the lapse
    incident (503 when Temporal cannot take that: retry). POST may carry an Alertmanager webhook payload
    (`{"alerts": [...]}`): it pings only when one of its alerts is firing with `labels.alertname` equal
    to the heartbeat's `alert_name` (default `Watchdog`), else answers `pinged: false` and changes
    nothing. Any other body, or none, is a plain ping. Each ping counts one unit of its integration's
    hourly webhook quota (429 past it); unknown secrets count against the caller's IP as failed webhook
    authentications.

    Args:
        token (str): The ping URL's secret (a query parameter, so it never appears in Tocsin's
            logged paths or traces)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PingHeartbeatPostResponse200
    """

    return sync_detailed(
        client=client,
        token=token,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Response[Error | PingHeartbeatPostResponse200]:
    """Ping a heartbeat (POST, Alertmanager Watchdog payloads understood)

     No credential: the secret `token` query parameter of the ping URL is the credential (an unknown or
    rotated one is 404). Stamps the ping; while the heartbeat is down, it also resolves the lapse
    incident (503 when Temporal cannot take that: retry). POST may carry an Alertmanager webhook payload
    (`{"alerts": [...]}`): it pings only when one of its alerts is firing with `labels.alertname` equal
    to the heartbeat's `alert_name` (default `Watchdog`), else answers `pinged: false` and changes
    nothing. Any other body, or none, is a plain ping. Each ping counts one unit of its integration's
    hourly webhook quota (429 past it); unknown secrets count against the caller's IP as failed webhook
    authentications.

    Args:
        token (str): The ping URL's secret (a query parameter, so it never appears in Tocsin's
            logged paths or traces)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PingHeartbeatPostResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    token: str,
) -> Error | PingHeartbeatPostResponse200 | None:
    """Ping a heartbeat (POST, Alertmanager Watchdog payloads understood)

     No credential: the secret `token` query parameter of the ping URL is the credential (an unknown or
    rotated one is 404). Stamps the ping; while the heartbeat is down, it also resolves the lapse
    incident (503 when Temporal cannot take that: retry). POST may carry an Alertmanager webhook payload
    (`{"alerts": [...]}`): it pings only when one of its alerts is firing with `labels.alertname` equal
    to the heartbeat's `alert_name` (default `Watchdog`), else answers `pinged: false` and changes
    nothing. Any other body, or none, is a plain ping. Each ping counts one unit of its integration's
    hourly webhook quota (429 past it); unknown secrets count against the caller's IP as failed webhook
    authentications.

    Args:
        token (str): The ping URL's secret (a query parameter, so it never appears in Tocsin's
            logged paths or traces)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PingHeartbeatPostResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            token=token,
        )
    ).parsed
