from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_contact_method_input_type_0 import CreateContactMethodInputType0
from ...models.create_contact_method_input_type_1 import CreateContactMethodInputType1
from ...models.create_contact_method_input_type_2 import CreateContactMethodInputType2
from ...models.create_contact_method_input_type_3 import CreateContactMethodInputType3
from ...models.create_contact_method_input_type_4 import CreateContactMethodInputType4
from ...models.create_contact_method_input_type_5 import CreateContactMethodInputType5
from ...models.create_contact_method_input_type_6 import CreateContactMethodInputType6
from ...models.create_my_contact_method_response_201 import CreateMyContactMethodResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateContactMethodInputType0
    | CreateContactMethodInputType1
    | CreateContactMethodInputType2
    | CreateContactMethodInputType3
    | CreateContactMethodInputType4
    | CreateContactMethodInputType5
    | CreateContactMethodInputType6,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/users/me/contact-methods",
    }

    if isinstance(body, CreateContactMethodInputType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateContactMethodInputType1):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateContactMethodInputType2):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateContactMethodInputType3):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateContactMethodInputType4):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateContactMethodInputType5):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateMyContactMethodResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateMyContactMethodResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

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
) -> Response[CreateMyContactMethodResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateContactMethodInputType0
    | CreateContactMethodInputType1
    | CreateContactMethodInputType2
    | CreateContactMethodInputType3
    | CreateContactMethodInputType4
    | CreateContactMethodInputType5
    | CreateContactMethodInputType6,
) -> Response[CreateMyContactMethodResponse201 | Error]:
    """Add a contact method

     `email`: your account address counts as verified; any other gets a single-use verification link (24
    hours), and is never paged until it is confirmed. One verification mail per address and organization
    a minute, however many methods are created for it (429 with Retry-After). `webhook`: pages are
    POSTed as JSON (your `template`, rendered) through the outbound client that refuses private
    addresses; the URL and headers are stored encrypted and never shown again. Other kinds (`push`,
    `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the
    channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). At
    most 20 per member (409). Every member manages only their own (another member's id is 404). Changes
    need a signed-in member: an API key is refused (403).

    Args:
        body (CreateContactMethodInputType0 | CreateContactMethodInputType1 |
            CreateContactMethodInputType2 | CreateContactMethodInputType3 |
            CreateContactMethodInputType4 | CreateContactMethodInputType5 |
            CreateContactMethodInputType6):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyContactMethodResponse201 | Error]
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
    body: CreateContactMethodInputType0
    | CreateContactMethodInputType1
    | CreateContactMethodInputType2
    | CreateContactMethodInputType3
    | CreateContactMethodInputType4
    | CreateContactMethodInputType5
    | CreateContactMethodInputType6,
) -> CreateMyContactMethodResponse201 | Error | None:
    """Add a contact method

     `email`: your account address counts as verified; any other gets a single-use verification link (24
    hours), and is never paged until it is confirmed. One verification mail per address and organization
    a minute, however many methods are created for it (429 with Retry-After). `webhook`: pages are
    POSTed as JSON (your `template`, rendered) through the outbound client that refuses private
    addresses; the URL and headers are stored encrypted and never shown again. Other kinds (`push`,
    `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the
    channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). At
    most 20 per member (409). Every member manages only their own (another member's id is 404). Changes
    need a signed-in member: an API key is refused (403).

    Args:
        body (CreateContactMethodInputType0 | CreateContactMethodInputType1 |
            CreateContactMethodInputType2 | CreateContactMethodInputType3 |
            CreateContactMethodInputType4 | CreateContactMethodInputType5 |
            CreateContactMethodInputType6):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyContactMethodResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateContactMethodInputType0
    | CreateContactMethodInputType1
    | CreateContactMethodInputType2
    | CreateContactMethodInputType3
    | CreateContactMethodInputType4
    | CreateContactMethodInputType5
    | CreateContactMethodInputType6,
) -> Response[CreateMyContactMethodResponse201 | Error]:
    """Add a contact method

     `email`: your account address counts as verified; any other gets a single-use verification link (24
    hours), and is never paged until it is confirmed. One verification mail per address and organization
    a minute, however many methods are created for it (429 with Retry-After). `webhook`: pages are
    POSTed as JSON (your `template`, rendered) through the outbound client that refuses private
    addresses; the URL and headers are stored encrypted and never shown again. Other kinds (`push`,
    `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the
    channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). At
    most 20 per member (409). Every member manages only their own (another member's id is 404). Changes
    need a signed-in member: an API key is refused (403).

    Args:
        body (CreateContactMethodInputType0 | CreateContactMethodInputType1 |
            CreateContactMethodInputType2 | CreateContactMethodInputType3 |
            CreateContactMethodInputType4 | CreateContactMethodInputType5 |
            CreateContactMethodInputType6):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyContactMethodResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateContactMethodInputType0
    | CreateContactMethodInputType1
    | CreateContactMethodInputType2
    | CreateContactMethodInputType3
    | CreateContactMethodInputType4
    | CreateContactMethodInputType5
    | CreateContactMethodInputType6,
) -> CreateMyContactMethodResponse201 | Error | None:
    """Add a contact method

     `email`: your account address counts as verified; any other gets a single-use verification link (24
    hours), and is never paged until it is confirmed. One verification mail per address and organization
    a minute, however many methods are created for it (429 with Retry-After). `webhook`: pages are
    POSTed as JSON (your `template`, rendered) through the outbound client that refuses private
    addresses; the URL and headers are stored encrypted and never shown again. Other kinds (`push`,
    `sms`, `voice`, `slack`, `matrix`, as this server offers them) get a 6-digit code through the
    channel itself, confirmed with POST .../verify; a method the code cannot reach is not kept (422). At
    most 20 per member (409). Every member manages only their own (another member's id is 404). Changes
    need a signed-in member: an API key is refused (403).

    Args:
        body (CreateContactMethodInputType0 | CreateContactMethodInputType1 |
            CreateContactMethodInputType2 | CreateContactMethodInputType3 |
            CreateContactMethodInputType4 | CreateContactMethodInputType5 |
            CreateContactMethodInputType6):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyContactMethodResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
