from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_silence_response_201_meta import CreateSilenceResponse201Meta
    from ..models.silence import Silence


T = TypeVar("T", bound="CreateSilenceResponse201")


@_attrs_define
class CreateSilenceResponse201:
    """
    Attributes:
        data (Silence):
        meta (CreateSilenceResponse201Meta):
    """

    data: Silence
    meta: CreateSilenceResponse201Meta

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
        from ..models.create_silence_response_201_meta import CreateSilenceResponse201Meta  # noqa: PLC0415
        from ..models.silence import Silence  # noqa: PLC0415

        d = dict(src_dict)
        data = Silence.from_dict(d.pop("data"))

        meta = CreateSilenceResponse201Meta.from_dict(d.pop("meta"))

        create_silence_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_silence_response_201
