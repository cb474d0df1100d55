from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_integration_body import CreateIntegrationBody
from ...models.create_integration_response_201 import CreateIntegrationResponse201
from ...models.error import Error
from ...models.plan_limit_error import PlanLimitError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateIntegrationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/integrations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateIntegrationResponse201 | Error | PlanLimitError | None:
    if response.status_code == 201:
        response_201 = CreateIntegrationResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = PlanLimitError.from_dict(response.json())

        return response_402

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
) -> Response[CreateIntegrationResponse201 | Error | PlanLimitError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIntegrationBody,
) -> Response[CreateIntegrationResponse201 | Error | PlanLimitError]:
    """Add an integration

     The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored
    encrypted and never shown again. A `pager` integration also answers, once, its `routing_key` for the
    PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. The plan caps the
    organization's integrations (`GET /billing`: `limits.integrations`): one more is 402
    `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.

    Args:
        body (CreateIntegrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIntegrationResponse201 | Error | PlanLimitError]
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
    body: CreateIntegrationBody,
) -> CreateIntegrationResponse201 | Error | PlanLimitError | None:
    """Add an integration

     The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored
    encrypted and never shown again. A `pager` integration also answers, once, its `routing_key` for the
    PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. The plan caps the
    organization's integrations (`GET /billing`: `limits.integrations`): one more is 402
    `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.

    Args:
        body (CreateIntegrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIntegrationResponse201 | Error | PlanLimitError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIntegrationBody,
) -> Response[CreateIntegrationResponse201 | Error | PlanLimitError]:
    """Add an integration

     The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored
    encrypted and never shown again. A `pager` integration also answers, once, its `routing_key` for the
    PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. The plan caps the
    organization's integrations (`GET /billing`: `limits.integrations`): one more is 402
    `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.

    Args:
        body (CreateIntegrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateIntegrationResponse201 | Error | PlanLimitError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateIntegrationBody,
) -> CreateIntegrationResponse201 | Error | PlanLimitError | None:
    """Add an integration

     The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored
    encrypted and never shown again. A `pager` integration also answers, once, its `routing_key` for the
    PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. The plan caps the
    organization's integrations (`GET /billing`: `limits.integrations`): one more is 402
    `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.

    Args:
        body (CreateIntegrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateIntegrationResponse201 | Error | PlanLimitError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
