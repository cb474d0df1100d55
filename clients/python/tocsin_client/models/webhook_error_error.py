from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_error_error_details import WebhookErrorErrorDetails


T = TypeVar("T", bound="WebhookErrorError")


@_attrs_define
class WebhookErrorError:
    """
    Attributes:
        code (str):
        message (str):
        details (WebhookErrorErrorDetails):
    """

    code: str
    message: str
    details: WebhookErrorErrorDetails

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_error_error_details import WebhookErrorErrorDetails  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        details = WebhookErrorErrorDetails.from_dict(d.pop("details"))

        webhook_error_error = cls(
            code=code,
            message=message,
            details=details,
        )

        return webhook_error_error
