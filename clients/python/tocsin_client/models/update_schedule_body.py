from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_ical_layer_input import ScheduleIcalLayerInput
    from ..models.schedule_rotation_layer_input import ScheduleRotationLayerInput


T = TypeVar("T", bound="UpdateScheduleBody")


@_attrs_define
class UpdateScheduleBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        time_zone (str | Unset): IANA time zone name (canonical or alias, e.g. `Asia/Kolkata`, `Asia/Calcutta`,
            `US/Eastern`), kept as given
        layers (list[ScheduleIcalLayerInput | ScheduleRotationLayerInput] | Unset): Replaces every layer
        team_id (None | Unset | UUID): The owning team (a team of the organization; 422 otherwise); null: the
            organization's, no team
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    time_zone: str | Unset = UNSET
    layers: list[ScheduleIcalLayerInput | ScheduleRotationLayerInput] | Unset = UNSET
    team_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_rotation_layer_input import ScheduleRotationLayerInput  # noqa: PLC0415

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        time_zone = self.time_zone

        layers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.layers, Unset):
            layers = []
            for layers_item_data in self.layers:
                layers_item: dict[str, Any]
                if isinstance(layers_item_data, ScheduleRotationLayerInput):
                    layers_item = layers_item_data.to_dict()
                else:
                    layers_item = layers_item_data.to_dict()

                layers.append(layers_item)

        team_id: None | str | Unset
        if isinstance(self.team_id, Unset):
            team_id = UNSET
        elif isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if layers is not UNSET:
            field_dict["layers"] = layers
        if team_id is not UNSET:
            field_dict["team_id"] = team_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_ical_layer_input import ScheduleIcalLayerInput  # noqa: PLC0415
        from ..models.schedule_rotation_layer_input import ScheduleRotationLayerInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        time_zone = d.pop("time_zone", UNSET)

        _layers = d.pop("layers", UNSET)
        layers: list[ScheduleIcalLayerInput | ScheduleRotationLayerInput] | Unset = UNSET
        if _layers is not UNSET:
            layers = []
            for layers_item_data in _layers:

                def _parse_layers_item(data: object) -> ScheduleIcalLayerInput | ScheduleRotationLayerInput:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        layers_item_type_0 = ScheduleRotationLayerInput.from_dict(data)

                        return layers_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    layers_item_type_1 = ScheduleIcalLayerInput.from_dict(data)

                    return layers_item_type_1

                layers_item = _parse_layers_item(layers_item_data)

                layers.append(layers_item)

        def _parse_team_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        team_id = _parse_team_id(d.pop("team_id", UNSET))

        update_schedule_body = cls(
            name=name,
            description=description,
            time_zone=time_zone,
            layers=layers,
            team_id=team_id,
        )

        return update_schedule_body
