from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_inhibition_rule_body import CreateInhibitionRuleBody
from ...models.create_inhibition_rule_response_201 import CreateInhibitionRuleResponse201
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateInhibitionRuleBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/inhibition-rules",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateInhibitionRuleResponse201 | Error | None:
    if response.status_code == 201:
        response_201 = CreateInhibitionRuleResponse201.from_dict(response.json())

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
) -> Response[CreateInhibitionRuleResponse201 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInhibitionRuleBody,
) -> Response[CreateInhibitionRuleResponse201 | Error]:
    """Create an inhibition rule

     Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest
    alert of its key, in an open incident, not itself muted), a firing alert the `target_matchers`
    select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and
    `silenced_by` (the rule id): it opens nothing and pages no one. An alert matching both sides is not
    inhibited by a source that also matches both. When a source resolves, each inhibited alert still
    firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within
    moments. An organization keeps at most 100 rules (409 beyond).

    Args:
        body (CreateInhibitionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInhibitionRuleResponse201 | Error]
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
    body: CreateInhibitionRuleBody,
) -> CreateInhibitionRuleResponse201 | Error | None:
    """Create an inhibition rule

     Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest
    alert of its key, in an open incident, not itself muted), a firing alert the `target_matchers`
    select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and
    `silenced_by` (the rule id): it opens nothing and pages no one. An alert matching both sides is not
    inhibited by a source that also matches both. When a source resolves, each inhibited alert still
    firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within
    moments. An organization keeps at most 100 rules (409 beyond).

    Args:
        body (CreateInhibitionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInhibitionRuleResponse201 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInhibitionRuleBody,
) -> Response[CreateInhibitionRuleResponse201 | Error]:
    """Create an inhibition rule

     Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest
    alert of its key, in an open incident, not itself muted), a firing alert the `target_matchers`
    select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and
    `silenced_by` (the rule id): it opens nothing and pages no one. An alert matching both sides is not
    inhibited by a source that also matches both. When a source resolves, each inhibited alert still
    firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within
    moments. An organization keeps at most 100 rules (409 beyond).

    Args:
        body (CreateInhibitionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInhibitionRuleResponse201 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateInhibitionRuleBody,
) -> CreateInhibitionRuleResponse201 | Error | None:
    """Create an inhibition rule

     Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest
    alert of its key, in an open incident, not itself muted), a firing alert the `target_matchers`
    select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and
    `silenced_by` (the rule id): it opens nothing and pages no one. An alert matching both sides is not
    inhibited by a source that also matches both. When a source resolves, each inhibited alert still
    firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within
    moments. An organization keeps at most 100 rules (409 beyond).

    Args:
        body (CreateInhibitionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInhibitionRuleResponse201 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
