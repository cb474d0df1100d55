from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookHealthResponse200Endpoints")


@_attrs_define
class WebhookHealthResponse200Endpoints:
    additional_properties: dict[str, Literal["ok"]] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        webhook_health_response_200_endpoints = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = cast(Literal["ok"], prop_dict)
            if additional_property != "ok":
                raise ValueError(f"AdditionalProperty must match const 'ok', got '{additional_property}'")
            additional_properties[prop_name] = additional_property

        webhook_health_response_200_endpoints.additional_properties = additional_properties
        return webhook_health_response_200_endpoints

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Literal["ok"]:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Literal["ok"]) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
