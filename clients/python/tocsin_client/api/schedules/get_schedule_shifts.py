import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_schedule_shifts_response_200 import GetScheduleShiftsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/schedules/{id}/shifts".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetScheduleShiftsResponse200 | None:
    if response.status_code == 200:
        response_200 = GetScheduleShiftsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | GetScheduleShiftsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | GetScheduleShiftsResponse200]:
    """The final schedule over [from, to): shifts and gaps

     Contiguous shifts `{user_id, start, end, source}` (`source`: `layer` or `override`; adjacent pieces
    of the same user and source are one shift), the gaps nobody covers, and each layer on its own.
    Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at
    most 366 days; a render past its compute budget is 422.

    Args:
        id (UUID):
        from_ (datetime.datetime | Unset): Start of the window (default: now)
        to (datetime.datetime | Unset): End of the window (default: 14 days after `from`; at most
            366 days after it)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetScheduleShiftsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | GetScheduleShiftsResponse200 | None:
    """The final schedule over [from, to): shifts and gaps

     Contiguous shifts `{user_id, start, end, source}` (`source`: `layer` or `override`; adjacent pieces
    of the same user and source are one shift), the gaps nobody covers, and each layer on its own.
    Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at
    most 366 days; a render past its compute budget is 422.

    Args:
        id (UUID):
        from_ (datetime.datetime | Unset): Start of the window (default: now)
        to (datetime.datetime | Unset): End of the window (default: 14 days after `from`; at most
            366 days after it)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetScheduleShiftsResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | GetScheduleShiftsResponse200]:
    """The final schedule over [from, to): shifts and gaps

     Contiguous shifts `{user_id, start, end, source}` (`source`: `layer` or `override`; adjacent pieces
    of the same user and source are one shift), the gaps nobody covers, and each layer on its own.
    Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at
    most 366 days; a render past its compute budget is 422.

    Args:
        id (UUID):
        from_ (datetime.datetime | Unset): Start of the window (default: now)
        to (datetime.datetime | Unset): End of the window (default: 14 days after `from`; at most
            366 days after it)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetScheduleShiftsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | GetScheduleShiftsResponse200 | None:
    """The final schedule over [from, to): shifts and gaps

     Contiguous shifts `{user_id, start, end, source}` (`source`: `layer` or `override`; adjacent pieces
    of the same user and source are one shift), the gaps nobody covers, and each layer on its own.
    Overrides sit above every layer; the later of two overlapping overrides wins. The window spans at
    most 366 days; a render past its compute budget is 422.

    Args:
        id (UUID):
        from_ (datetime.datetime | Unset): Start of the window (default: now)
        to (datetime.datetime | Unset): End of the window (default: 14 days after `from`; at most
            366 days after it)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetScheduleShiftsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
