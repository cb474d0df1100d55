from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.http_step_config_input import HttpStepConfigInput


T = TypeVar("T", bound="UpdateProcedureBodyStepsItemType1")


@_attrs_define
class UpdateProcedureBodyStepsItemType1:
    """
    Attributes:
        name (str):
        type_ (Literal['http']):
        config (HttpStepConfigInput):
        id (UUID | Unset):
        description (None | str | Unset):
    """

    name: str
    type_: Literal["http"]
    config: HttpStepConfigInput
    id: UUID | Unset = UNSET
    description: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_

        config = self.config.to_dict()

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "type": type_,
                "config": config,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_step_config_input import HttpStepConfigInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        type_ = cast(Literal["http"], d.pop("type"))
        if type_ != "http":
            raise ValueError(f"type must match const 'http', got '{type_}'")

        config = HttpStepConfigInput.from_dict(d.pop("config"))

        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        update_procedure_body_steps_item_type_1 = cls(
            name=name,
            type_=type_,
            config=config,
            id=id,
            description=description,
        )

        update_procedure_body_steps_item_type_1.additional_properties = d
        return update_procedure_body_steps_item_type_1

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
