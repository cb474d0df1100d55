from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.submit_logs_body_logs_item_level import SubmitLogsBodyLogsItemLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.submit_logs_body_logs_item_attributes import SubmitLogsBodyLogsItemAttributes


T = TypeVar("T", bound="SubmitLogsBodyLogsItem")


@_attrs_define
class SubmitLogsBodyLogsItem:
    """
    Attributes:
        timestamp (datetime.datetime):
        level (SubmitLogsBodyLogsItemLevel):
        message (str):
        service (str):
        attributes (SubmitLogsBodyLogsItemAttributes | Unset):
    """

    timestamp: datetime.datetime
    level: SubmitLogsBodyLogsItemLevel
    message: str
    service: str
    attributes: SubmitLogsBodyLogsItemAttributes | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        timestamp = self.timestamp.isoformat()

        level = self.level.value

        message = self.message

        service = self.service

        attributes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = self.attributes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "timestamp": timestamp,
                "level": level,
                "message": message,
                "service": service,
            }
        )
        if attributes is not UNSET:
            field_dict["attributes"] = attributes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.submit_logs_body_logs_item_attributes import SubmitLogsBodyLogsItemAttributes  # noqa: PLC0415

        d = dict(src_dict)
        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        level = SubmitLogsBodyLogsItemLevel(d.pop("level"))

        message = d.pop("message")

        service = d.pop("service")

        _attributes = d.pop("attributes", UNSET)
        attributes: SubmitLogsBodyLogsItemAttributes | Unset
        if isinstance(_attributes, Unset):
            attributes = UNSET
        else:
            attributes = SubmitLogsBodyLogsItemAttributes.from_dict(_attributes)

        submit_logs_body_logs_item = cls(
            timestamp=timestamp,
            level=level,
            message=message,
            service=service,
            attributes=attributes,
        )

        submit_logs_body_logs_item.additional_properties = d
        return submit_logs_body_logs_item

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
