from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.manual_step_config_input import ManualStepConfigInput


T = TypeVar("T", bound="CreateProcedureBodyStepsItemType0")


@_attrs_define
class CreateProcedureBodyStepsItemType0:
    """
    Attributes:
        name (str):
        type_ (Literal['manual']):
        id (UUID | Unset):
        description (None | str | Unset):
        config (ManualStepConfigInput | Unset):
    """

    name: str
    type_: Literal["manual"]
    id: UUID | Unset = UNSET
    description: None | str | Unset = UNSET
    config: ManualStepConfigInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "type": type_,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if description is not UNSET:
            field_dict["description"] = description
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.manual_step_config_input import ManualStepConfigInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        type_ = cast(Literal["manual"], d.pop("type"))
        if type_ != "manual":
            raise ValueError(f"type must match const 'manual', got '{type_}'")

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

        _config = d.pop("config", UNSET)
        config: ManualStepConfigInput | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = ManualStepConfigInput.from_dict(_config)

        create_procedure_body_steps_item_type_0 = cls(
            name=name,
            type_=type_,
            id=id,
            description=description,
            config=config,
        )

        create_procedure_body_steps_item_type_0.additional_properties = d
        return create_procedure_body_steps_item_type_0

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
