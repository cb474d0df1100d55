from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.submit_logs_response_201_data import SubmitLogsResponse201Data
    from ..models.submit_logs_response_201_meta import SubmitLogsResponse201Meta


T = TypeVar("T", bound="SubmitLogsResponse201")


@_attrs_define
class SubmitLogsResponse201:
    """
    Attributes:
        data (SubmitLogsResponse201Data):
        meta (SubmitLogsResponse201Meta):
    """

    data: SubmitLogsResponse201Data
    meta: SubmitLogsResponse201Meta

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
        from ..models.submit_logs_response_201_data import SubmitLogsResponse201Data  # noqa: PLC0415
        from ..models.submit_logs_response_201_meta import SubmitLogsResponse201Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = SubmitLogsResponse201Data.from_dict(d.pop("data"))

        meta = SubmitLogsResponse201Meta.from_dict(d.pop("meta"))

        submit_logs_response_201 = cls(
            data=data,
            meta=meta,
        )

        return submit_logs_response_201
