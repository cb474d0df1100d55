from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateInhibitionRuleBody")


@_attrs_define
class UpdateInhibitionRuleBody:
    """
    Attributes:
        name (str | Unset):
        source_matchers (list[str] | str | Unset): Alertmanager `source_matchers`: a firing alert they select inhibits
            the targets. One list (`{severity="critical"}`) or an array of matcher texts; the syntax of silences and routing
            rules, matched over labels plus `severity`, `platform` and `integration`
        target_matchers (list[str] | str | Unset): Alertmanager `target_matchers`: the alerts that may be inhibited.
            Same syntax as `source_matchers`
        equal (list[str] | Unset): Labels whose values must be equal in source and target for the rule to apply (a label
            missing from both counts as equal)
        enabled (bool | Unset):
    """

    name: str | Unset = UNSET
    source_matchers: list[str] | str | Unset = UNSET
    target_matchers: list[str] | str | Unset = UNSET
    equal: list[str] | Unset = UNSET
    enabled: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        source_matchers: list[str] | str | Unset
        if isinstance(self.source_matchers, Unset):
            source_matchers = UNSET
        elif isinstance(self.source_matchers, list):
            source_matchers = self.source_matchers

        else:
            source_matchers = self.source_matchers

        target_matchers: list[str] | str | Unset
        if isinstance(self.target_matchers, Unset):
            target_matchers = UNSET
        elif isinstance(self.target_matchers, list):
            target_matchers = self.target_matchers

        else:
            target_matchers = self.target_matchers

        equal: list[str] | Unset = UNSET
        if not isinstance(self.equal, Unset):
            equal = self.equal

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if source_matchers is not UNSET:
            field_dict["source_matchers"] = source_matchers
        if target_matchers is not UNSET:
            field_dict["target_matchers"] = target_matchers
        if equal is not UNSET:
            field_dict["equal"] = equal
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_source_matchers(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                source_matchers_type_1 = cast(list[str], data)

                return source_matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        source_matchers = _parse_source_matchers(d.pop("source_matchers", UNSET))

        def _parse_target_matchers(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                target_matchers_type_1 = cast(list[str], data)

                return target_matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        target_matchers = _parse_target_matchers(d.pop("target_matchers", UNSET))

        equal = cast(list[str], d.pop("equal", UNSET))

        enabled = d.pop("enabled", UNSET)

        update_inhibition_rule_body = cls(
            name=name,
            source_matchers=source_matchers,
            target_matchers=target_matchers,
            equal=equal,
            enabled=enabled,
        )

        return update_inhibition_rule_body
