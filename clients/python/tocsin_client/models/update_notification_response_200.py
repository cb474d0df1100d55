from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.notification import Notification
    from ..models.update_notification_response_200_meta import UpdateNotificationResponse200Meta


T = TypeVar("T", bound="UpdateNotificationResponse200")


@_attrs_define
class UpdateNotificationResponse200:
    """
    Attributes:
        data (Notification):
        meta (UpdateNotificationResponse200Meta):
    """

    data: Notification
    meta: UpdateNotificationResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification import Notification  # noqa: PLC0415
        from ..models.update_notification_response_200_meta import UpdateNotificationResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Notification.from_dict(d.pop("data"))

        meta = UpdateNotificationResponse200Meta.from_dict(d.pop("meta"))

        update_notification_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_notification_response_200
