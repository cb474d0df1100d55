from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_ical_layer_input import ScheduleIcalLayerInput
    from ..models.schedule_rotation_layer_input import ScheduleRotationLayerInput


T = TypeVar("T", bound="CreateScheduleBody")


@_attrs_define
class CreateScheduleBody:
    """
    Attributes:
        name (str):
        time_zone (str): IANA time zone name (canonical or alias, e.g. `Asia/Kolkata`, `Asia/Calcutta`, `US/Eastern`),
            kept as given
        description (None | str | Unset):
        layers (list[ScheduleIcalLayerInput | ScheduleRotationLayerInput] | Unset): Lowest first: a later layer wins
            where it has someone
        team_id (None | Unset | UUID): The owning team (a team of the organization; 422 otherwise); null: the
            organization's, no team
    """

    name: str
    time_zone: str
    description: None | str | Unset = UNSET
    layers: list[ScheduleIcalLayerInput | ScheduleRotationLayerInput] | Unset = UNSET
    team_id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_rotation_layer_input import ScheduleRotationLayerInput  # noqa: PLC0415

        name = self.name

        time_zone = self.time_zone

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "time_zone": time_zone,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
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
        name = d.pop("name")

        time_zone = d.pop("time_zone")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

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

        create_schedule_body = cls(
            name=name,
            time_zone=time_zone,
            description=description,
            layers=layers,
            team_id=team_id,
        )

        create_schedule_body.additional_properties = d
        return create_schedule_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
