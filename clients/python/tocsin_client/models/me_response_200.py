from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.me import Me
    from ..models.me_response_200_meta import MeResponse200Meta


T = TypeVar("T", bound="MeResponse200")


@_attrs_define
class MeResponse200:
    """
    Attributes:
        data (Me):
        meta (MeResponse200Meta):
    """

    data: Me
    meta: MeResponse200Meta

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
        from ..models.me import Me  # noqa: PLC0415
        from ..models.me_response_200_meta import MeResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Me.from_dict(d.pop("data"))

        meta = MeResponse200Meta.from_dict(d.pop("meta"))

        me_response_200 = cls(
            data=data,
            meta=meta,
        )

        return me_response_200
