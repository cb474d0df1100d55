from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.submit_logs_body_logs_item import SubmitLogsBodyLogsItem


T = TypeVar("T", bound="SubmitLogsBody")


@_attrs_define
class SubmitLogsBody:
    """A batch of at most 1000 log entries

    Attributes:
        logs (list[SubmitLogsBodyLogsItem]):
    """

    logs: list[SubmitLogsBodyLogsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        logs = []
        for logs_item_data in self.logs:
            logs_item = logs_item_data.to_dict()
            logs.append(logs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "logs": logs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.submit_logs_body_logs_item import SubmitLogsBodyLogsItem  # noqa: PLC0415

        d = dict(src_dict)
        logs = []
        _logs = d.pop("logs")
        for logs_item_data in _logs:
            logs_item = SubmitLogsBodyLogsItem.from_dict(logs_item_data)

            logs.append(logs_item)

        submit_logs_body = cls(
            logs=logs,
        )

        submit_logs_body.additional_properties = d
        return submit_logs_body

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
