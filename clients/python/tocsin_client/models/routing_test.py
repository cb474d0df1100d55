from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.routing_test_priority_type_0 import RoutingTestPriorityType0
from ..models.routing_test_source import RoutingTestSource
from ..models.routing_test_urgency import RoutingTestUrgency

if TYPE_CHECKING:
    from ..models.routing_rule import RoutingRule


T = TypeVar("T", bound="RoutingTest")


@_attrs_define
class RoutingTest:
    """
    Attributes:
        rule (None | RoutingRule): The first enabled rule that matches; null when none does
        escalation_policy_id (None | UUID): The policy an incident opened by this alert would page through: the rule's,
            else the integration's, else its owning team's default, else the organization's default; null when none applies
            (nothing would page)
        source (RoutingTestSource): Where the policy comes from: a rule, the integration's policy, its owning team's
            default policy, the organization's default, or none
        urgency (RoutingTestUrgency): The rule's urgency; `high` when no rule matches
        priority (None | RoutingTestPriorityType0): The rule's priority; null when it has none or no rule matches
    """

    rule: None | RoutingRule
    escalation_policy_id: None | UUID
    source: RoutingTestSource
    urgency: RoutingTestUrgency
    priority: None | RoutingTestPriorityType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.routing_rule import RoutingRule  # noqa: PLC0415

        rule: dict[str, Any] | None
        if isinstance(self.rule, RoutingRule):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

        escalation_policy_id: None | str
        if isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        source = self.source.value

        urgency = self.urgency.value

        priority: None | str
        if isinstance(self.priority, RoutingTestPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
                "escalation_policy_id": escalation_policy_id,
                "source": source,
                "urgency": urgency,
                "priority": priority,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.routing_rule import RoutingRule  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rule(data: object) -> None | RoutingRule:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0 = RoutingRule.from_dict(data)

                return rule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoutingRule, data)

        rule = _parse_rule(d.pop("rule"))

        def _parse_escalation_policy_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_policy_id_type_0 = UUID(data)

                return escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        escalation_policy_id = _parse_escalation_policy_id(d.pop("escalation_policy_id"))

        source = RoutingTestSource(d.pop("source"))

        urgency = RoutingTestUrgency(d.pop("urgency"))

        def _parse_priority(data: object) -> None | RoutingTestPriorityType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = RoutingTestPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoutingTestPriorityType0, data)

        priority = _parse_priority(d.pop("priority"))

        routing_test = cls(
            rule=rule,
            escalation_policy_id=escalation_policy_id,
            source=source,
            urgency=urgency,
            priority=priority,
        )

        return routing_test
