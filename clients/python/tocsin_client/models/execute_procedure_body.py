from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.execute_procedure_body_parameters import ExecuteProcedureBodyParameters


T = TypeVar("T", bound="ExecuteProcedureBody")


@_attrs_define
class ExecuteProcedureBody:
    """
    Attributes:
        incident_id (None | Unset | UUID): Ties the execution to an incident: its timeline records every step
        parameters (ExecuteProcedureBodyParameters | Unset): Values for {{parameters.<name>}} placeholders in http
            steps' url, headers and body (scalars only)
    """

    incident_id: None | Unset | UUID = UNSET
    parameters: ExecuteProcedureBodyParameters | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        incident_id: None | str | Unset
        if isinstance(self.incident_id, Unset):
            incident_id = UNSET
        elif isinstance(self.incident_id, UUID):
            incident_id = str(self.incident_id)
        else:
            incident_id = self.incident_id

        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if incident_id is not UNSET:
            field_dict["incident_id"] = incident_id
        if parameters is not UNSET:
            field_dict["parameters"] = parameters

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.execute_procedure_body_parameters import ExecuteProcedureBodyParameters  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_incident_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                incident_id_type_0 = UUID(data)

                return incident_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        incident_id = _parse_incident_id(d.pop("incident_id", UNSET))

        _parameters = d.pop("parameters", UNSET)
        parameters: ExecuteProcedureBodyParameters | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = ExecuteProcedureBodyParameters.from_dict(_parameters)

        execute_procedure_body = cls(
            incident_id=incident_id,
            parameters=parameters,
        )

        execute_procedure_body.additional_properties = d
        return execute_procedure_body

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
