from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_my_handoff_preferences_response_200_meta import GetMyHandoffPreferencesResponse200Meta
    from ..models.handoff_preferences import HandoffPreferences


T = TypeVar("T", bound="GetMyHandoffPreferencesResponse200")


@_attrs_define
class GetMyHandoffPreferencesResponse200:
    """
    Attributes:
        data (HandoffPreferences):
        meta (GetMyHandoffPreferencesResponse200Meta):
    """

    data: HandoffPreferences
    meta: GetMyHandoffPreferencesResponse200Meta

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
        from ..models.get_my_handoff_preferences_response_200_meta import GetMyHandoffPreferencesResponse200Meta  # noqa: PLC0415
        from ..models.handoff_preferences import HandoffPreferences  # noqa: PLC0415

        d = dict(src_dict)
        data = HandoffPreferences.from_dict(d.pop("data"))

        meta = GetMyHandoffPreferencesResponse200Meta.from_dict(d.pop("meta"))

        get_my_handoff_preferences_response_200 = cls(
            data=data,
            meta=meta,
        )

        return get_my_handoff_preferences_response_200
