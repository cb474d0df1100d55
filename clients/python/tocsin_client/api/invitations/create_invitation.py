from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_invitation_body import CreateInvitationBody
from ...models.create_invitation_response_201 import CreateInvitationResponse201
from ...models.error import Error
from ...models.plan_limit_error import PlanLimitError
from ...types import Response


def _get_kwargs(
    *,
    body: CreateInvitationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/invitations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateInvitationResponse201 | Error | PlanLimitError | None:
    if response.status_code == 201:
        response_201 = CreateInvitationResponse201.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[CreateInvitationResponse201 | Error | PlanLimitError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInvitationBody,
) -> Response[CreateInvitationResponse201 | Error | PlanLimitError]:
    """Invite someone to the organization by email

     Emails a single-use token valid for 7 days. Inviting an address again replaces its pending
    invitation. Only an owner may invite an owner; an address that already has an account is 409. An
    organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses
    with 402 `PLAN_LIMIT_REACHED` and sends nothing; with a seat left, every invitation is sent, and
    acceptance takes the seats in turn (a later one is refused while none is free).

    Args:
        body (CreateInvitationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInvitationResponse201 | Error | PlanLimitError]
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
    body: CreateInvitationBody,
) -> CreateInvitationResponse201 | Error | PlanLimitError | None:
    """Invite someone to the organization by email

     Emails a single-use token valid for 7 days. Inviting an address again replaces its pending
    invitation. Only an owner may invite an owner; an address that already has an account is 409. An
    organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses
    with 402 `PLAN_LIMIT_REACHED` and sends nothing; with a seat left, every invitation is sent, and
    acceptance takes the seats in turn (a later one is refused while none is free).

    Args:
        body (CreateInvitationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInvitationResponse201 | Error | PlanLimitError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInvitationBody,
) -> Response[CreateInvitationResponse201 | Error | PlanLimitError]:
    """Invite someone to the organization by email

     Emails a single-use token valid for 7 days. Inviting an address again replaces its pending
    invitation. Only an owner may invite an owner; an address that already has an account is 409. An
    organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses
    with 402 `PLAN_LIMIT_REACHED` and sends nothing; with a seat left, every invitation is sent, and
    acceptance takes the seats in turn (a later one is refused while none is free).

    Args:
        body (CreateInvitationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInvitationResponse201 | Error | PlanLimitError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInvitationBody,
) -> CreateInvitationResponse201 | Error | PlanLimitError | None:
    """Invite someone to the organization by email

     Emails a single-use token valid for 7 days. Inviting an address again replaces its pending
    invitation. Only an owner may invite an owner; an address that already has an account is 409. An
    organization with no seat left in its plan's member quota (`GET /billing`: `limits.members`) refuses
    with 402 `PLAN_LIMIT_REACHED` and sends nothing; with a seat left, every invitation is sent, and
    acceptance takes the seats in turn (a later one is refused while none is free).

    Args:
        body (CreateInvitationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInvitationResponse201 | Error | PlanLimitError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
