from http import HTTPStatus
from io import BytesIO
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.helper_platform_error import HelperPlatformError
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    os: str | Unset = UNSET,
    arch: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["os"] = os

    params["arch"] = arch

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/helper/download",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | File | HelperPlatformError | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 422:
        response_422 = HelperPlatformError.from_dict(response.json())

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
) -> Response[Error | File | HelperPlatformError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    os: str | Unset = UNSET,
    arch: str | Unset = UNSET,
) -> Response[Error | File | HelperPlatformError]:
    """Download the tocsin CLI executable for a platform

     A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from
    `User-Agent` (the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64,
    which also runs on Apple silicon). Example: `curl -fLo tocsin -H "X-API-Key: $KEY"
    "$URL/api/v1/helper/download?os=linux&arch=x64"`. Compare `X-Checksum-SHA256` with the file. macOS
    builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. An unsupported
    platform is a 422 listing `supported`; a platform not built on this instance is 503
    `HELPER_NOT_AVAILABLE`.

    Args:
        os (str | Unset): One of linux, darwin, windows; default: read from User-Agent
        arch (str | Unset): One of x64, arm64; default: read from User-Agent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | File | HelperPlatformError]
    """

    kwargs = _get_kwargs(
        os=os,
        arch=arch,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    os: str | Unset = UNSET,
    arch: str | Unset = UNSET,
) -> Error | File | HelperPlatformError | None:
    """Download the tocsin CLI executable for a platform

     A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from
    `User-Agent` (the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64,
    which also runs on Apple silicon). Example: `curl -fLo tocsin -H "X-API-Key: $KEY"
    "$URL/api/v1/helper/download?os=linux&arch=x64"`. Compare `X-Checksum-SHA256` with the file. macOS
    builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. An unsupported
    platform is a 422 listing `supported`; a platform not built on this instance is 503
    `HELPER_NOT_AVAILABLE`.

    Args:
        os (str | Unset): One of linux, darwin, windows; default: read from User-Agent
        arch (str | Unset): One of x64, arm64; default: read from User-Agent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | File | HelperPlatformError
    """

    return sync_detailed(
        client=client,
        os=os,
        arch=arch,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    os: str | Unset = UNSET,
    arch: str | Unset = UNSET,
) -> Response[Error | File | HelperPlatformError]:
    """Download the tocsin CLI executable for a platform

     A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from
    `User-Agent` (the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64,
    which also runs on Apple silicon). Example: `curl -fLo tocsin -H "X-API-Key: $KEY"
    "$URL/api/v1/helper/download?os=linux&arch=x64"`. Compare `X-Checksum-SHA256` with the file. macOS
    builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. An unsupported
    platform is a 422 listing `supported`; a platform not built on this instance is 503
    `HELPER_NOT_AVAILABLE`.

    Args:
        os (str | Unset): One of linux, darwin, windows; default: read from User-Agent
        arch (str | Unset): One of x64, arm64; default: read from User-Agent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | File | HelperPlatformError]
    """

    kwargs = _get_kwargs(
        os=os,
        arch=arch,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    os: str | Unset = UNSET,
    arch: str | Unset = UNSET,
) -> Error | File | HelperPlatformError | None:
    """Download the tocsin CLI executable for a platform

     A single-file executable (no Node.js needed). The platform comes from `os` and `arch`, else from
    `User-Agent` (the CLI sends `tocsin-cli/<version> (<os>; <arch>)`; a browser on macOS gets x64,
    which also runs on Apple silicon). Example: `curl -fLo tocsin -H "X-API-Key: $KEY"
    "$URL/api/v1/helper/download?os=linux&arch=x64"`. Compare `X-Checksum-SHA256` with the file. macOS
    builds must be signed ad hoc before they run: `codesign --force --sign - ./tocsin`. An unsupported
    platform is a 422 listing `supported`; a platform not built on this instance is 503
    `HELPER_NOT_AVAILABLE`.

    Args:
        os (str | Unset): One of linux, darwin, windows; default: read from User-Agent
        arch (str | Unset): One of x64, arm64; default: read from User-Agent

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | File | HelperPlatformError
    """

    return (
        await asyncio_detailed(
            client=client,
            os=os,
            arch=arch,
        )
    ).parsed
