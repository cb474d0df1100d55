from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.handoff_preferences import HandoffPreferences
    from ..models.update_my_handoff_preferences_response_200_meta import UpdateMyHandoffPreferencesResponse200Meta


T = TypeVar("T", bound="UpdateMyHandoffPreferencesResponse200")


@_attrs_define
class UpdateMyHandoffPreferencesResponse200:
    """
    Attributes:
        data (HandoffPreferences):
        meta (UpdateMyHandoffPreferencesResponse200Meta):
    """

    data: HandoffPreferences
    meta: UpdateMyHandoffPreferencesResponse200Meta

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
        from ..models.handoff_preferences import HandoffPreferences  # noqa: PLC0415
        from ..models.update_my_handoff_preferences_response_200_meta import UpdateMyHandoffPreferencesResponse200Meta  # noqa: PLC0415

        d = dict(src_dict)
        data = HandoffPreferences.from_dict(d.pop("data"))

        meta = UpdateMyHandoffPreferencesResponse200Meta.from_dict(d.pop("meta"))

        update_my_handoff_preferences_response_200 = cls(
            data=data,
            meta=meta,
        )

        return update_my_handoff_preferences_response_200
