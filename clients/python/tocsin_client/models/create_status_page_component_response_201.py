from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_status_page_component_response_201_meta import CreateStatusPageComponentResponse201Meta
    from ..models.status_page_component import StatusPageComponent


T = TypeVar("T", bound="CreateStatusPageComponentResponse201")


@_attrs_define
class CreateStatusPageComponentResponse201:
    """
    Attributes:
        data (StatusPageComponent):
        meta (CreateStatusPageComponentResponse201Meta):
    """

    data: StatusPageComponent
    meta: CreateStatusPageComponentResponse201Meta

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
        from ..models.create_status_page_component_response_201_meta import CreateStatusPageComponentResponse201Meta  # noqa: PLC0415
        from ..models.status_page_component import StatusPageComponent  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusPageComponent.from_dict(d.pop("data"))

        meta = CreateStatusPageComponentResponse201Meta.from_dict(d.pop("meta"))

        create_status_page_component_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_status_page_component_response_201
