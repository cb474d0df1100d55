from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.silence import Silence
    from ..models.update_silence_response_200_meta import UpdateSilenceResponse200Meta


T = TypeVar("T", bound="UpdateSilenceResponse200")


@_attrs_define
class UpdateSilenceResponse200:
    """
    Attributes:
        data (Silence):
        meta (UpdateSilenceResponse200Meta):
    """

    data: Silence
    meta: UpdateSilenceResponse200Meta

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
        from ..models.silence import Silence  # noqa: PLC0415
        from ..models.update_silence_response_200_meta import UpdateSilenceResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = Silence.from_dict(d.pop("data"))

        meta = UpdateSilenceResponse200Meta.from_dict(d.pop("meta"))

        update_silence_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_silence_response_200
