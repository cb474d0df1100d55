from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.schedule_ical_layer_view import ScheduleIcalLayerView
    from ..models.schedule_override import ScheduleOverride
    from ..models.schedule_rotation_layer import ScheduleRotationLayer


T = TypeVar("T", bound="Schedule")


@_attrs_define
class Schedule:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        time_zone (str): IANA zone name as given
        layers (list[ScheduleIcalLayerView | ScheduleRotationLayer]): Lowest first; an `ical` layer shows its fetch
            state, never its URL
        overrides (list[ScheduleOverride]): Overrides not yet over, oldest first (at most 100)
        team_id (None | UUID): The owning team; null: the organization's. Paging the team pages whoever its schedules
            have on call
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    description: None | str
    time_zone: str
    layers: list[ScheduleIcalLayerView | ScheduleRotationLayer]
    overrides: list[ScheduleOverride]
    team_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_rotation_layer import ScheduleRotationLayer  # noqa: PLC0415

        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        time_zone = self.time_zone

        layers = []
        for layers_item_data in self.layers:
            layers_item: dict[str, Any]
            if isinstance(layers_item_data, ScheduleRotationLayer):
                layers_item = layers_item_data.to_dict()
            else:
                layers_item = layers_item_data.to_dict()

            layers.append(layers_item)

        overrides = []
        for overrides_item_data in self.overrides:
            overrides_item = overrides_item_data.to_dict()
            overrides.append(overrides_item)

        team_id: None | str
        if isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "time_zone": time_zone,
                "layers": layers,
                "overrides": overrides,
                "team_id": team_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_ical_layer_view import ScheduleIcalLayerView  # noqa: PLC0415
        from ..models.schedule_override import ScheduleOverride  # noqa: PLC0415
        from ..models.schedule_rotation_layer import ScheduleRotationLayer  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        time_zone = d.pop("time_zone")

        layers = []
        _layers = d.pop("layers")
        for layers_item_data in _layers:

            def _parse_layers_item(data: object) -> ScheduleIcalLayerView | ScheduleRotationLayer:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    layers_item_type_0 = ScheduleRotationLayer.from_dict(data)

                    return layers_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                layers_item_type_1 = ScheduleIcalLayerView.from_dict(data)

                return layers_item_type_1

            layers_item = _parse_layers_item(layers_item_data)

            layers.append(layers_item)

        overrides = []
        _overrides = d.pop("overrides")
        for overrides_item_data in _overrides:
            overrides_item = ScheduleOverride.from_dict(overrides_item_data)

            overrides.append(overrides_item)

        def _parse_team_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        team_id = _parse_team_id(d.pop("team_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        schedule = cls(
            id=id,
            name=name,
            description=description,
            time_zone=time_zone,
            layers=layers,
            overrides=overrides,
            team_id=team_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return schedule
