from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_priority_runbooks_response_200_meta import ListPriorityRunbooksResponse200Meta
    from ..models.priority_runbook import PriorityRunbook


T = TypeVar("T", bound="ListPriorityRunbooksResponse200")


@_attrs_define
class ListPriorityRunbooksResponse200:
    """
    Attributes:
        data (list[PriorityRunbook]):
        meta (ListPriorityRunbooksResponse200Meta):
    """

    data: list[PriorityRunbook]
    meta: ListPriorityRunbooksResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

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
        from ..models.list_priority_runbooks_response_200_meta import ListPriorityRunbooksResponse200Meta  # noqa: PLC0415
        from ..models.priority_runbook import PriorityRunbook  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = PriorityRunbook.from_dict(data_item_data)

            data.append(data_item)

        meta = ListPriorityRunbooksResponse200Meta.from_dict(d.pop("meta"))

        list_priority_runbooks_response_200 = cls(
            data=data,
            meta=meta,
        )

        return list_priority_runbooks_response_200
