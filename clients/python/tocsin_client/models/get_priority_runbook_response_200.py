from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_priority_runbook_response_200_meta import GetPriorityRunbookResponse200Meta
    from ..models.priority_runbook import PriorityRunbook


T = TypeVar("T", bound="GetPriorityRunbookResponse200")


@_attrs_define
class GetPriorityRunbookResponse200:
    """
    Attributes:
        data (PriorityRunbook): The runbook started when an incident opens with this priority or is set to it later. At
            most one automatic run per incident: a routing rule’s runbook wins over the priority’s, and once one started no
            other does.
        meta (GetPriorityRunbookResponse200Meta):
    """

    data: PriorityRunbook
    meta: GetPriorityRunbookResponse200Meta

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
        from ..models.get_priority_runbook_response_200_meta import GetPriorityRunbookResponse200Meta  # noqa: PLC0415
        from ..models.priority_runbook import PriorityRunbook  # noqa: PLC0415

        d = dict(src_dict)
        data = PriorityRunbook.from_dict(d.pop("data"))

        meta = GetPriorityRunbookResponse200Meta.from_dict(d.pop("meta"))

        get_priority_runbook_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_priority_runbook_response_200
