from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInhibitionRuleBody")


@_attrs_define
class CreateInhibitionRuleBody:
    """
    Attributes:
        name (str):
        source_matchers (list[str] | str): Alertmanager `source_matchers`: a firing alert they select inhibits the
            targets. One list (`{severity="critical"}`) or an array of matcher texts; the syntax of silences and routing
            rules, matched over labels plus `severity`, `platform` and `integration`
        target_matchers (list[str] | str): Alertmanager `target_matchers`: the alerts that may be inhibited. Same syntax
            as `source_matchers`
        equal (list[str] | Unset): Labels whose values must be equal in source and target for the rule to apply (a label
            missing from both counts as equal)
        enabled (bool | Unset): A disabled rule inhibits nothing Default: True.
    """

    name: str
    source_matchers: list[str] | str
    target_matchers: list[str] | str
    equal: list[str] | Unset = UNSET
    enabled: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        source_matchers: list[str] | str
        if isinstance(self.source_matchers, list):
            source_matchers = self.source_matchers

        else:
            source_matchers = self.source_matchers

        target_matchers: list[str] | str
        if isinstance(self.target_matchers, list):
            target_matchers = self.target_matchers

        else:
            target_matchers = self.target_matchers

        equal: list[str] | Unset = UNSET
        if not isinstance(self.equal, Unset):
            equal = self.equal

        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "source_matchers": source_matchers,
                "target_matchers": target_matchers,
            }
        )
        if equal is not UNSET:
            field_dict["equal"] = equal
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_source_matchers(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                source_matchers_type_1 = cast(list[str], data)

                return source_matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        source_matchers = _parse_source_matchers(d.pop("source_matchers"))

        def _parse_target_matchers(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                target_matchers_type_1 = cast(list[str], data)

                return target_matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        target_matchers = _parse_target_matchers(d.pop("target_matchers"))

        equal = cast(list[str], d.pop("equal", UNSET))

        enabled = d.pop("enabled", UNSET)

        create_inhibition_rule_body = cls(
            name=name,
            source_matchers=source_matchers,
            target_matchers=target_matchers,
            equal=equal,
            enabled=enabled,
        )

        return create_inhibition_rule_body
