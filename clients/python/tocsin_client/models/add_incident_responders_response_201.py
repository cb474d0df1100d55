from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.add_incident_responders_response_201_meta import AddIncidentRespondersResponse201Meta
    from ..models.add_responders_result import AddRespondersResult


T = TypeVar("T", bound="AddIncidentRespondersResponse201")


@_attrs_define
class AddIncidentRespondersResponse201:
    """
    Attributes:
        data (AddRespondersResult):
        meta (AddIncidentRespondersResponse201Meta):
    """

    data: AddRespondersResult
    meta: AddIncidentRespondersResponse201Meta

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
        from ..models.add_incident_responders_response_201_meta import AddIncidentRespondersResponse201Meta  # noqa: PLC0415
        from ..models.add_responders_result import AddRespondersResult  # noqa: PLC0415

        d = dict(src_dict)
        data = AddRespondersResult.from_dict(d.pop("data"))

        meta = AddIncidentRespondersResponse201Meta.from_dict(d.pop("meta"))

        add_incident_responders_response_201 = cls(
            data=data,
            meta=meta,
        )

        return add_incident_responders_response_201
