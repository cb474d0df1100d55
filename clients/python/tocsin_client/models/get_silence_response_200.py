from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_silence_response_200_meta import GetSilenceResponse200Meta
    from ..models.silence import Silence


T = TypeVar("T", bound="GetSilenceResponse200")


@_attrs_define
class GetSilenceResponse200:
    """
    Attributes:
        data (Silence):
        meta (GetSilenceResponse200Meta):
    """

    data: Silence
    meta: GetSilenceResponse200Meta

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
        from ..models.get_silence_response_200_meta import GetSilenceResponse200Meta  # noqa: PLC0415
        from ..models.silence import Silence  # noqa: PLC0415

        d = dict(src_dict)
        data = Silence.from_dict(d.pop("data"))

        meta = GetSilenceResponse200Meta.from_dict(d.pop("meta"))

        get_silence_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_silence_response_200
