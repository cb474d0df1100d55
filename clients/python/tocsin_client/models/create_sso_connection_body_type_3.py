from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_sso_connection_body_type_3_default_role import CreateSsoConnectionBodyType3DefaultRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_sso_connection_body_type_3_config import CreateSsoConnectionBodyType3Config


T = TypeVar("T", bound="CreateSsoConnectionBodyType3")


@_attrs_define
class CreateSsoConnectionBodyType3:
    """
    Attributes:
        name (str):
        domains (list[str]): Email domains this connection claims. A claim routes `GET /sso/initiate?email=` only once
            verified by DNS (POST /sso/connections/{id}/domains/{domain}/verify); unverified claims of several organizations
            may coexist
        kind (Literal['google']):
        config (CreateSsoConnectionBodyType3Config):
        default_role (CreateSsoConnectionBodyType3DefaultRole | Unset): Role of users created at their first sign-in:
            never `owner`, and not above the caller's own role Default: CreateSsoConnectionBodyType3DefaultRole.VIEWER.
        enabled (bool | Unset):  Default: True.
    """

    name: str
    domains: list[str]
    kind: Literal["google"]
    config: CreateSsoConnectionBodyType3Config
    default_role: CreateSsoConnectionBodyType3DefaultRole | Unset = CreateSsoConnectionBodyType3DefaultRole.VIEWER
    enabled: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        domains = self.domains

        kind = self.kind

        config = self.config.to_dict()

        default_role: str | Unset = UNSET
        if not isinstance(self.default_role, Unset):
            default_role = self.default_role.value

        enabled = self.enabled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "domains": domains,
                "kind": kind,
                "config": config,
            }
        )
        if default_role is not UNSET:
            field_dict["default_role"] = default_role
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_sso_connection_body_type_3_config import CreateSsoConnectionBodyType3Config  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        domains = cast(list[str], d.pop("domains"))

        kind = cast(Literal["google"], d.pop("kind"))
        if kind != "google":
            raise ValueError(f"kind must match const 'google', got '{kind}'")

        config = CreateSsoConnectionBodyType3Config.from_dict(d.pop("config"))

        _default_role = d.pop("default_role", UNSET)
        default_role: CreateSsoConnectionBodyType3DefaultRole | Unset
        if isinstance(_default_role, Unset):
            default_role = UNSET
        else:
            default_role = CreateSsoConnectionBodyType3DefaultRole(_default_role)

        enabled = d.pop("enabled", UNSET)

        create_sso_connection_body_type_3 = cls(
            name=name,
            domains=domains,
            kind=kind,
            config=config,
            default_role=default_role,
            enabled=enabled,
        )

        create_sso_connection_body_type_3.additional_properties = d
        return create_sso_connection_body_type_3

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
