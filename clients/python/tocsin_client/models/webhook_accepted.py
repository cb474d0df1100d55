from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_accepted_data import WebhookAcceptedData


T = TypeVar("T", bound="WebhookAccepted")


@_attrs_define
class WebhookAccepted:
    """
    Attributes:
        success (bool):
        message (str):
        data (WebhookAcceptedData):
    """

    success: bool
    message: str
    data: WebhookAcceptedData

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        message = self.message

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "message": message,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_accepted_data import WebhookAcceptedData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        message = d.pop("message")

        data = WebhookAcceptedData.from_dict(d.pop("data"))

        webhook_accepted = cls(
            success=success,
            message=message,
            data=data,
        )

        return webhook_accepted
