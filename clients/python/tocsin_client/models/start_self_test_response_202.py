from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.self_test_run import SelfTestRun
    from ..models.start_self_test_response_202_meta import StartSelfTestResponse202Meta


T = TypeVar("T", bound="StartSelfTestResponse202")


@_attrs_define
class StartSelfTestResponse202:
    """
    Attributes:
        data (SelfTestRun):
        meta (StartSelfTestResponse202Meta):
    """

    data: SelfTestRun
    meta: StartSelfTestResponse202Meta

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
        from ..models.self_test_run import SelfTestRun  # noqa: PLC0415
        from ..models.start_self_test_response_202_meta import StartSelfTestResponse202Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = SelfTestRun.from_dict(d.pop("data"))

        meta = StartSelfTestResponse202Meta.from_dict(d.pop("meta"))

        start_self_test_response_202 = cls(
            data=data,
            meta=meta,
        )

        return start_self_test_response_202
