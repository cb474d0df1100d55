from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_self_test_response_200_meta import GetSelfTestResponse200Meta
    from ..models.self_test_run import SelfTestRun


T = TypeVar("T", bound="GetSelfTestResponse200")


@_attrs_define
class GetSelfTestResponse200:
    """
    Attributes:
        data (SelfTestRun):
        meta (GetSelfTestResponse200Meta):
    """

    data: SelfTestRun
    meta: GetSelfTestResponse200Meta

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
        from ..models.get_self_test_response_200_meta import GetSelfTestResponse200Meta  # noqa: PLC0415
        from ..models.self_test_run import SelfTestRun  # noqa: PLC0415

        d = dict(src_dict)
        data = SelfTestRun.from_dict(d.pop("data"))

        meta = GetSelfTestResponse200Meta.from_dict(d.pop("meta"))

        get_self_test_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_self_test_response_200
