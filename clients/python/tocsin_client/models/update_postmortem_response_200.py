from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.postmortem import Postmortem
    from ..models.update_postmortem_response_200_meta import UpdatePostmortemResponse200Meta


T = TypeVar("T", bound="UpdatePostmortemResponse200")


@_attrs_define
class UpdatePostmortemResponse200:
    """
    Attributes:
        data (Postmortem):
        meta (UpdatePostmortemResponse200Meta):
    """

    data: Postmortem
    meta: UpdatePostmortemResponse200Meta

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
        from ..models.postmortem import Postmortem  # noqa: PLC0415
        from ..models.update_postmortem_response_200_meta import UpdatePostmortemResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Postmortem.from_dict(d.pop("data"))

        meta = UpdatePostmortemResponse200Meta.from_dict(d.pop("meta"))

        update_postmortem_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_postmortem_response_200
