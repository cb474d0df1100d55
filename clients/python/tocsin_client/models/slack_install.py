from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.slack_install_data import SlackInstallData
    from ..models.slack_install_meta import SlackInstallMeta


T = TypeVar("T", bound="SlackInstall")


@_attrs_define
class SlackInstall:
    """
    Attributes:
        data (SlackInstallData):
        meta (SlackInstallMeta):
    """

    data: SlackInstallData
    meta: SlackInstallMeta

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
        from ..models.slack_install_data import SlackInstallData  # noqa: PLC0415
        from ..models.slack_install_meta import SlackInstallMeta  # noqa: PLC0415

        d = dict(src_dict)
        data = SlackInstallData.from_dict(d.pop("data"))

        meta = SlackInstallMeta.from_dict(d.pop("meta"))

        slack_install = cls(
            data=data,
            meta=meta,
        )

        return slack_install
