from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_procedure_body_steps_item_type_0 import UpdateProcedureBodyStepsItemType0
    from ..models.update_procedure_body_steps_item_type_1 import UpdateProcedureBodyStepsItemType1
    from ..models.update_procedure_body_steps_item_type_2 import UpdateProcedureBodyStepsItemType2
    from ..models.update_procedure_body_steps_item_type_3 import UpdateProcedureBodyStepsItemType3


T = TypeVar("T", bound="UpdateProcedureBody")


@_attrs_define
class UpdateProcedureBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        tags (list[str] | Unset):
        steps (list[UpdateProcedureBodyStepsItemType0 | UpdateProcedureBodyStepsItemType1 |
            UpdateProcedureBodyStepsItemType2 | UpdateProcedureBodyStepsItemType3] | Unset): Replaces every step; a step
            sent with the `id` of an existing step keeps that id
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    steps: (
        list[
            UpdateProcedureBodyStepsItemType0
            | UpdateProcedureBodyStepsItemType1
            | UpdateProcedureBodyStepsItemType2
            | UpdateProcedureBodyStepsItemType3
        ]
        | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_procedure_body_steps_item_type_0 import UpdateProcedureBodyStepsItemType0  # noqa: PLC0415
        from ..models.update_procedure_body_steps_item_type_1 import UpdateProcedureBodyStepsItemType1  # noqa: PLC0415
        from ..models.update_procedure_body_steps_item_type_2 import UpdateProcedureBodyStepsItemType2  # noqa: PLC0415

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
                if isinstance(steps_item_data, UpdateProcedureBodyStepsItemType0):
                    steps_item = steps_item_data.to_dict()
                elif isinstance(steps_item_data, UpdateProcedureBodyStepsItemType1):
                    steps_item = steps_item_data.to_dict()
                elif isinstance(steps_item_data, UpdateProcedureBodyStepsItemType2):
                    steps_item = steps_item_data.to_dict()
                else:
                    steps_item = steps_item_data.to_dict()

                steps.append(steps_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if tags is not UNSET:
            field_dict["tags"] = tags
        if steps is not UNSET:
            field_dict["steps"] = steps

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_procedure_body_steps_item_type_0 import UpdateProcedureBodyStepsItemType0  # noqa: PLC0415
        from ..models.update_procedure_body_steps_item_type_1 import UpdateProcedureBodyStepsItemType1  # noqa: PLC0415
        from ..models.update_procedure_body_steps_item_type_2 import UpdateProcedureBodyStepsItemType2  # noqa: PLC0415
        from ..models.update_procedure_body_steps_item_type_3 import UpdateProcedureBodyStepsItemType3  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

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
                UpdateProcedureBodyStepsItemType0
                | UpdateProcedureBodyStepsItemType1
                | UpdateProcedureBodyStepsItemType2
                | UpdateProcedureBodyStepsItemType3
            ]
            | Unset
        ) = UNSET
        if _steps is not UNSET:
            steps = []
            for steps_item_data in _steps:

                def _parse_steps_item(
                    data: object,
                ) -> (
                    UpdateProcedureBodyStepsItemType0
                    | UpdateProcedureBodyStepsItemType1
                    | UpdateProcedureBodyStepsItemType2
                    | UpdateProcedureBodyStepsItemType3
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_0 = UpdateProcedureBodyStepsItemType0.from_dict(data)

                        return steps_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_1 = UpdateProcedureBodyStepsItemType1.from_dict(data)

                        return steps_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        steps_item_type_2 = UpdateProcedureBodyStepsItemType2.from_dict(data)

                        return steps_item_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    steps_item_type_3 = UpdateProcedureBodyStepsItemType3.from_dict(data)

                    return steps_item_type_3

                steps_item = _parse_steps_item(steps_item_data)

                steps.append(steps_item)

        update_procedure_body = cls(
            name=name,
            description=description,
            tags=tags,
            steps=steps,
        )

        update_procedure_body.additional_properties = d
        return update_procedure_body

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
