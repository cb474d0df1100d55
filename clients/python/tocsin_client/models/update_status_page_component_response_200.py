from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.status_page_component import StatusPageComponent
    from ..models.update_status_page_component_response_200_meta import UpdateStatusPageComponentResponse200Meta


T = TypeVar("T", bound="UpdateStatusPageComponentResponse200")


@_attrs_define
class UpdateStatusPageComponentResponse200:
    """
    Attributes:
        data (StatusPageComponent):
        meta (UpdateStatusPageComponentResponse200Meta):
    """

    data: StatusPageComponent
    meta: UpdateStatusPageComponentResponse200Meta

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
        from ..models.status_page_component import StatusPageComponent  # noqa: PLC0415
        from ..models.update_status_page_component_response_200_meta import UpdateStatusPageComponentResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = StatusPageComponent.from_dict(d.pop("data"))

        meta = UpdateStatusPageComponentResponse200Meta.from_dict(d.pop("meta"))

        update_status_page_component_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_status_page_component_response_200
