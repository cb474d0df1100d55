from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.preview_silence_response_200_data import PreviewSilenceResponse200Data
    from ..models.preview_silence_response_200_meta import PreviewSilenceResponse200Meta


T = TypeVar("T", bound="PreviewSilenceResponse200")


@_attrs_define
class PreviewSilenceResponse200:
    """
    Attributes:
        data (PreviewSilenceResponse200Data):
        meta (PreviewSilenceResponse200Meta):
    """

    data: PreviewSilenceResponse200Data
    meta: PreviewSilenceResponse200Meta

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
        from ..models.preview_silence_response_200_data import PreviewSilenceResponse200Data  # noqa: PLC0415
        from ..models.preview_silence_response_200_meta import PreviewSilenceResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = PreviewSilenceResponse200Data.from_dict(d.pop("data"))

        meta = PreviewSilenceResponse200Meta.from_dict(d.pop("meta"))

        preview_silence_response_200 = cls(
            data=data,
            meta=meta,
        )

        return preview_silence_response_200
