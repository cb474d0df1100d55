from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.search_query_body import SearchQueryBody
from ...models.search_query_response_200 import SearchQueryResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: SearchQueryBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/search/query",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SearchQueryResponse200 | None:
    if response.status_code == 200:
        response_200 = SearchQueryResponse200.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | SearchQueryResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SearchQueryBody,
) -> Response[Error | SearchQueryResponse200]:
    """Search incidents, procedures, articles and logs by meaning and keywords

     Give `query` or `error_log` (a pasted log: only its informative lines are used). `semantic` ranks by
    embedding cosine, `keyword` by BM25 (full text on the embedded backend), `hybrid` (default) adds to
    the cosine the share of the query's terms each document holds, weighed by the kind of query (a
    pasted log, an identifier, a sentence with one, plain prose); with the default local model it then
    searches by meaning a second time, from the query moved toward its first few results (pseudo-
    relevance feedback), gives runbooks and articles a lift for some kinds of query, and keeps a place
    among the last hits for the best runbook and the best article found when their scores are close. A
    log pasted into `query` is trimmed like `error_log`. `types` defaults to incidents, procedures and
    articles. `meta.total` counts the candidates considered before the limit. `log` documents are
    indexed only when Elasticsearch is configured (otherwise use `GET /logs`). Always limited to the
    caller's organization; the search rate-limit class applies.

    Args:
        body (SearchQueryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchQueryResponse200]
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
    body: SearchQueryBody,
) -> Error | SearchQueryResponse200 | None:
    """Search incidents, procedures, articles and logs by meaning and keywords

     Give `query` or `error_log` (a pasted log: only its informative lines are used). `semantic` ranks by
    embedding cosine, `keyword` by BM25 (full text on the embedded backend), `hybrid` (default) adds to
    the cosine the share of the query's terms each document holds, weighed by the kind of query (a
    pasted log, an identifier, a sentence with one, plain prose); with the default local model it then
    searches by meaning a second time, from the query moved toward its first few results (pseudo-
    relevance feedback), gives runbooks and articles a lift for some kinds of query, and keeps a place
    among the last hits for the best runbook and the best article found when their scores are close. A
    log pasted into `query` is trimmed like `error_log`. `types` defaults to incidents, procedures and
    articles. `meta.total` counts the candidates considered before the limit. `log` documents are
    indexed only when Elasticsearch is configured (otherwise use `GET /logs`). Always limited to the
    caller's organization; the search rate-limit class applies.

    Args:
        body (SearchQueryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchQueryResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SearchQueryBody,
) -> Response[Error | SearchQueryResponse200]:
    """Search incidents, procedures, articles and logs by meaning and keywords

     Give `query` or `error_log` (a pasted log: only its informative lines are used). `semantic` ranks by
    embedding cosine, `keyword` by BM25 (full text on the embedded backend), `hybrid` (default) adds to
    the cosine the share of the query's terms each document holds, weighed by the kind of query (a
    pasted log, an identifier, a sentence with one, plain prose); with the default local model it then
    searches by meaning a second time, from the query moved toward its first few results (pseudo-
    relevance feedback), gives runbooks and articles a lift for some kinds of query, and keeps a place
    among the last hits for the best runbook and the best article found when their scores are close. A
    log pasted into `query` is trimmed like `error_log`. `types` defaults to incidents, procedures and
    articles. `meta.total` counts the candidates considered before the limit. `log` documents are
    indexed only when Elasticsearch is configured (otherwise use `GET /logs`). Always limited to the
    caller's organization; the search rate-limit class applies.

    Args:
        body (SearchQueryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchQueryResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SearchQueryBody,
) -> Error | SearchQueryResponse200 | None:
    """Search incidents, procedures, articles and logs by meaning and keywords

     Give `query` or `error_log` (a pasted log: only its informative lines are used). `semantic` ranks by
    embedding cosine, `keyword` by BM25 (full text on the embedded backend), `hybrid` (default) adds to
    the cosine the share of the query's terms each document holds, weighed by the kind of query (a
    pasted log, an identifier, a sentence with one, plain prose); with the default local model it then
    searches by meaning a second time, from the query moved toward its first few results (pseudo-
    relevance feedback), gives runbooks and articles a lift for some kinds of query, and keeps a place
    among the last hits for the best runbook and the best article found when their scores are close. A
    log pasted into `query` is trimmed like `error_log`. `types` defaults to incidents, procedures and
    articles. `meta.total` counts the candidates considered before the limit. `log` documents are
    indexed only when Elasticsearch is configured (otherwise use `GET /logs`). Always limited to the
    caller's organization; the search rate-limit class applies.

    Args:
        body (SearchQueryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchQueryResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
