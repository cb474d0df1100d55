from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_password_body import ChangePasswordBody
from ...models.change_password_response_200 import ChangePasswordResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: ChangePasswordBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/password/change",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangePasswordResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = ChangePasswordResponse200.from_dict(response.json())

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

    if response.status_code == 423:
        response_423 = Error.from_dict(response.json())

        return response_423

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
) -> Response[ChangePasswordResponse200 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ChangePasswordBody,
) -> Response[ChangePasswordResponse200 | Error]:
    """Change your own password

     A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts
    towards the login lockout (423). Every other session of the user ends (their access and refresh
    tokens are refused, in every API process); this one keeps working. API keys are not affected. Needs
    a user session: an API key gets 403.

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePasswordResponse200 | Error]
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
    body: ChangePasswordBody,
) -> ChangePasswordResponse200 | Error | None:
    """Change your own password

     A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts
    towards the login lockout (423). Every other session of the user ends (their access and refresh
    tokens are refused, in every API process); this one keeps working. API keys are not affected. Needs
    a user session: an API key gets 403.

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePasswordResponse200 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ChangePasswordBody,
) -> Response[ChangePasswordResponse200 | Error]:
    """Change your own password

     A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts
    towards the login lockout (423). Every other session of the user ends (their access and refresh
    tokens are refused, in every API process); this one keeps working. API keys are not affected. Needs
    a user session: an API key gets 403.

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangePasswordResponse200 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ChangePasswordBody,
) -> ChangePasswordResponse200 | Error | None:
    """Change your own password

     A wrong `current_password` is 400 BAD_REQUEST (a 401 would read as "session over") and counts
    towards the login lockout (423). Every other session of the user ends (their access and refresh
    tokens are refused, in every API process); this one keeps working. API keys are not affected. Needs
    a user session: an API key gets 403.

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangePasswordResponse200 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
