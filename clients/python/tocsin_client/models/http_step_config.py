from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.http_step_config_method import HttpStepConfigMethod
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.http_step_config_headers import HttpStepConfigHeaders
    from ..models.http_step_config_secret_headers import HttpStepConfigSecretHeaders


T = TypeVar("T", bound="HttpStepConfig")


@_attrs_define
class HttpStepConfig:
    """
    Attributes:
        url (str):
        method (HttpStepConfigMethod):  Default: HttpStepConfigMethod.POST.
        headers (HttpStepConfigHeaders | Unset): Plain headers, {{parameters.<name>}} rendered; values shown as
            `[redacted]` to callers without procedures:update
        secret_headers (HttpStepConfigSecretHeaders | Unset): Write-only headers for credentials: stored encrypted,
            added at send time (not rendered), answered as `[redacted]`. On update of a step sent with its id, omitted keeps
            the stored ones, `{}` removes them, `[redacted]` keeps the stored value of that name. Stored values are kept
            only while `url` keeps its scheme, host and port: moving it elsewhere needs every value sent again (422 naming
            the header). With secret headers, `url` may use placeholders in its path and query only.
        body (Any | Unset): A string is sent as is; anything else as JSON
        expected_status (int | Unset): Default: any 2xx
    """

    url: str
    method: HttpStepConfigMethod = HttpStepConfigMethod.POST
    headers: HttpStepConfigHeaders | Unset = UNSET
    secret_headers: HttpStepConfigSecretHeaders | Unset = UNSET
    body: Any | Unset = UNSET
    expected_status: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        method = self.method.value

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        secret_headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.secret_headers, Unset):
            secret_headers = self.secret_headers.to_dict()

        body = self.body

        expected_status = self.expected_status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "method": method,
            }
        )
        if headers is not UNSET:
            field_dict["headers"] = headers
        if secret_headers is not UNSET:
            field_dict["secret_headers"] = secret_headers
        if body is not UNSET:
            field_dict["body"] = body
        if expected_status is not UNSET:
            field_dict["expected_status"] = expected_status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_step_config_headers import HttpStepConfigHeaders  # noqa: PLC0415
        from ..models.http_step_config_secret_headers import HttpStepConfigSecretHeaders  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        method = HttpStepConfigMethod(d.pop("method"))

        _headers = d.pop("headers", UNSET)
        headers: HttpStepConfigHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = HttpStepConfigHeaders.from_dict(_headers)

        _secret_headers = d.pop("secret_headers", UNSET)
        secret_headers: HttpStepConfigSecretHeaders | Unset
        if isinstance(_secret_headers, Unset):
            secret_headers = UNSET
        else:
            secret_headers = HttpStepConfigSecretHeaders.from_dict(_secret_headers)

        body = d.pop("body", UNSET)

        expected_status = d.pop("expected_status", UNSET)

        http_step_config = cls(
            url=url,
            method=method,
            headers=headers,
            secret_headers=secret_headers,
            body=body,
            expected_status=expected_status,
        )

        return http_step_config
