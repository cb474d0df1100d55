from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_procedure_body_steps_item_type_0 import CreateProcedureBodyStepsItemType0
    from ..models.create_procedure_body_steps_item_type_1 import CreateProcedureBodyStepsItemType1
    from ..models.create_procedure_body_steps_item_type_2 import CreateProcedureBodyStepsItemType2
    from ..models.create_procedure_body_steps_item_type_3 import CreateProcedureBodyStepsItemType3


T = TypeVar("T", bound="CreateProcedureBody")


@_attrs_define
class CreateProcedureBody:
    """
    Attributes:
        name (str):
        description (None | str | Unset):
        tags (list[str] | Unset):
        steps (list[CreateProcedureBodyStepsItemType0 | CreateProcedureBodyStepsItemType1 |
            CreateProcedureBodyStepsItemType2 | CreateProcedureBodyStepsItemType3] | Unset): Ordered; position follows the
            array order
    """

    name: str
    description: None | str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    steps: (
        list[
            CreateProcedureBodyStepsItemType0
            | CreateProcedureBodyStepsItemType1
            | CreateProcedureBodyStepsItemType2
            | CreateProcedureBodyStepsItemType3
        ]
        | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_procedure_body_steps_item_type_0 import CreateProcedureBodyStepsItemType0  # noqa: PLC0415
        from ..models.create_procedure_body_steps_item_type_1 import CreateProcedureBodyStepsItemType1  # noqa: PLC0415
        from ..models.create_procedure_body_steps_item_type_2 import CreateProcedureBodyStepsItemType2  # noqa: PLC0415

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        steps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.steps, Unset):
            steps = []
            for steps_item_data in self.steps:
                steps_item: dict[str, Any]
                if isinstance(steps_item_data, CreateProcedureBodyStepsItemType0):
                    steps_item = steps_item_data.to_dict()
                elif isinstance(steps_item_data, CreateProcedureBodyStepsItemType1):
                    steps_item = steps_item_data.to_dict()
                elif isinstance(steps_item_data, CreateProcedureBodyStepsItemType2):
                    steps_item = steps_item_data.to_dict()
                else:
                    steps_item = steps_item_data.to_dict()

                steps.append(steps_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if tags is not UNSET:
            field_dict["tags"] = tags
        if steps is not UNSET:
            field_dict["steps"] = steps

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_procedure_body_steps_item_type_0 import CreateProcedureBodyStepsItemType0  # noqa: PLC0415
        from ..models.create_procedure_body_steps_item_type_1 import CreateProcedureBodyStepsItemType1  # noqa: PLC0415
        from ..models.create_procedure_body_steps_item_type_2 import CreateProcedureBodyStepsItemType2  # noqa: PLC0415
        from ..models.create_procedure_body_steps_item_type_3 import CreateProcedureBodyStepsItemType3  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        tags = cast(list[str], d.pop("tags", UNSET))

        _steps = d.pop("steps", UNSET)
        steps: (
            list[
                CreateProcedureBodyStepsItemType0
                | CreateProcedureBodyStepsItemType1
                | CreateProcedureBodyStepsItemType2
                | CreateProcedureBodyStepsItemType3
            ]
            | Unset
        ) = UNSET
        if _steps is not UNSET:
            steps = []
            for steps_item_data in _steps:

                def _parse_steps_item(
                    data: object,
                ) -> (
                    CreateProcedureBodyStepsItemType0
                    | CreateProcedureBodyStepsItemType1
                    | CreateProcedureBodyStepsItemType2
                    | CreateProcedureBodyStepsItemType3
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_0 = CreateProcedureBodyStepsItemType0.from_dict(data)

                        return steps_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_1 = CreateProcedureBodyStepsItemType1.from_dict(data)

                        return steps_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_2 = CreateProcedureBodyStepsItemType2.from_dict(data)

                        return steps_item_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    steps_item_type_3 = CreateProcedureBodyStepsItemType3.from_dict(data)

                    return steps_item_type_3

                steps_item = _parse_steps_item(steps_item_data)

                steps.append(steps_item)

        create_procedure_body = cls(
            name=name,
            description=description,
            tags=tags,
            steps=steps,
        )

        create_procedure_body.additional_properties = d
        return create_procedure_body

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
