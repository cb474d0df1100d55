from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_error_error import WebhookErrorError


T = TypeVar("T", bound="WebhookError")


@_attrs_define
class WebhookError:
    """
    Attributes:
        error (WebhookErrorError):
        request_id (str):
    """

    error: WebhookErrorError
    request_id: str

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        request_id = self.request_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_error_error import WebhookErrorError  # noqa: PLC0415

        d = dict(src_dict)
        error = WebhookErrorError.from_dict(d.pop("error"))

        request_id = d.pop("request_id")

        webhook_error = cls(
            error=error,
            request_id=request_id,
        )

        return webhook_error
