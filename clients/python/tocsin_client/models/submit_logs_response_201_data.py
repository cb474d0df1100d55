from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="SubmitLogsResponse201Data")


@_attrs_define
class SubmitLogsResponse201Data:
    """
    Attributes:
        accepted (int):
        ids (list[UUID]):
    """

    accepted: int
    ids: list[UUID]

    def to_dict(self) -> dict[str, Any]:
        accepted = self.accepted

        ids = []
        for ids_item_data in self.ids:
            ids_item = str(ids_item_data)
            ids.append(ids_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accepted": accepted,
                "ids": ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accepted = d.pop("accepted")

        ids = []
        _ids = d.pop("ids")
        for ids_item_data in _ids:
            ids_item = UUID(ids_item_data)

            ids.append(ids_item)

        submit_logs_response_201_data = cls(
            accepted=accepted,
            ids=ids,
        )

        return submit_logs_response_201_data
