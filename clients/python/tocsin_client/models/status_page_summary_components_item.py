from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.status_page_summary_components_item_status import StatusPageSummaryComponentsItemStatus

T = TypeVar("T", bound="StatusPageSummaryComponentsItem")


@_attrs_define
class StatusPageSummaryComponentsItem:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        status (StatusPageSummaryComponentsItemStatus):
    """

    id: UUID
    name: str
    description: None | str
    status: StatusPageSummaryComponentsItemStatus

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        status = StatusPageSummaryComponentsItemStatus(d.pop("status"))

        status_page_summary_components_item = cls(
            id=id,
            name=name,
            description=description,
            status=status,
        )

        return status_page_summary_components_item
