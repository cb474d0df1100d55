from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_sso_connection_body_default_role import UpdateSsoConnectionBodyDefaultRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_sso_connection_body_config import UpdateSsoConnectionBodyConfig


T = TypeVar("T", bound="UpdateSsoConnectionBody")


@_attrs_define
class UpdateSsoConnectionBody:
    """
    Attributes:
        name (str | Unset):
        domains (list[str] | Unset): Email domains this connection claims. A claim routes `GET /sso/initiate?email=`
            only once verified by DNS (POST /sso/connections/{id}/domains/{domain}/verify); unverified claims of several
            organizations may coexist
        default_role (UpdateSsoConnectionBodyDefaultRole | Unset): Role of users created at their first sign-in: never
            `owner`, and not above the caller's own role
        enabled (bool | Unset):
        config (UpdateSsoConnectionBodyConfig | Unset): Merged into the stored config, then validated for the
            connection's kind (which cannot change): keys of another kind's config are refused (422). Omitted write-only
            fields keep their stored values, except `client_secret` when the issuer's scheme, host or port changes
    """

    name: str | Unset = UNSET
    domains: list[str] | Unset = UNSET
    default_role: UpdateSsoConnectionBodyDefaultRole | Unset = UNSET
    enabled: bool | Unset = UNSET
    config: UpdateSsoConnectionBodyConfig | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        domains: list[str] | Unset = UNSET
        if not isinstance(self.domains, Unset):
            domains = self.domains

        default_role: str | Unset = UNSET
        if not isinstance(self.default_role, Unset):
            default_role = self.default_role.value

        enabled = self.enabled

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if domains is not UNSET:
            field_dict["domains"] = domains
        if default_role is not UNSET:
            field_dict["default_role"] = default_role
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_sso_connection_body_config import UpdateSsoConnectionBodyConfig  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        domains = cast(list[str], d.pop("domains", UNSET))

        _default_role = d.pop("default_role", UNSET)
        default_role: UpdateSsoConnectionBodyDefaultRole | Unset
        if isinstance(_default_role, Unset):
            default_role = UNSET
        else:
            default_role = UpdateSsoConnectionBodyDefaultRole(_default_role)

        enabled = d.pop("enabled", UNSET)

        _config = d.pop("config", UNSET)
        config: UpdateSsoConnectionBodyConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = UpdateSsoConnectionBodyConfig.from_dict(_config)

        update_sso_connection_body = cls(
            name=name,
            domains=domains,
            default_role=default_role,
            enabled=enabled,
            config=config,
        )

        return update_sso_connection_body
