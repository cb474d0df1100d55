from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_my_handoff_preferences_body import UpdateMyHandoffPreferencesBody
from ...models.update_my_handoff_preferences_response_200 import UpdateMyHandoffPreferencesResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: UpdateMyHandoffPreferencesBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/users/me/handoff-preferences",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateMyHandoffPreferencesResponse200 | None:
    if response.status_code == 200:
        response_200 = UpdateMyHandoffPreferencesResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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
) -> Response[Error | UpdateMyHandoffPreferencesResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UpdateMyHandoffPreferencesBody,
) -> Response[Error | UpdateMyHandoffPreferencesResponse200]:
    """Choose to be told before your on-call shifts start and when they end

     A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any
    schedule starts, listing the open incidents whose escalation policy pages that schedule; with
    `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your
    account address and verified email contact methods, exactly one per shift and kind, planned again
    whenever a schedule or override changes.

    Args:
        body (UpdateMyHandoffPreferencesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateMyHandoffPreferencesResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: UpdateMyHandoffPreferencesBody,
) -> Error | UpdateMyHandoffPreferencesResponse200 | None:
    """Choose to be told before your on-call shifts start and when they end

     A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any
    schedule starts, listing the open incidents whose escalation policy pages that schedule; with
    `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your
    account address and verified email contact methods, exactly one per shift and kind, planned again
    whenever a schedule or override changes.

    Args:
        body (UpdateMyHandoffPreferencesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateMyHandoffPreferencesResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UpdateMyHandoffPreferencesBody,
) -> Response[Error | UpdateMyHandoffPreferencesResponse200]:
    """Choose to be told before your on-call shifts start and when they end

     A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any
    schedule starts, listing the open incidents whose escalation policy pages that schedule; with
    `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your
    account address and verified email contact methods, exactly one per shift and kind, planned again
    whenever a schedule or override changes.

    Args:
        body (UpdateMyHandoffPreferencesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateMyHandoffPreferencesResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UpdateMyHandoffPreferencesBody,
) -> Error | UpdateMyHandoffPreferencesResponse200 | None:
    """Choose to be told before your on-call shifts start and when they end

     A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any
    schedule starts, listing the open incidents whose escalation policy pages that schedule; with
    `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your
    account address and verified email contact methods, exactly one per shift and kind, planned again
    whenever a schedule or override changes.

    Args:
        body (UpdateMyHandoffPreferencesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateMyHandoffPreferencesResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
