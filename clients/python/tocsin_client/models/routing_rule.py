from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.routing_rule_priority_type_0 import RoutingRulePriorityType0
from ..models.routing_rule_urgency import RoutingRuleUrgency

if TYPE_CHECKING:
    from ..models.grouping_settings import GroupingSettings
    from ..models.routing_rule_runbook_type_0 import RoutingRuleRunbookType0


T = TypeVar("T", bound="RoutingRule")


@_attrs_define
class RoutingRule:
    """
    Attributes:
        id (UUID):
        name (str):
        matchers (list[str]): Each matcher in canonical form (`name="value"`), ready to send back
        matchers_text (str): The whole list in braces
        escalation_policy_id (UUID):
        urgency (RoutingRuleUrgency):
        enabled (bool):
        ack_timeout_minutes (float | None): Overrides the policy's acknowledgement timeout, in minutes; null: the
            policy's
        position (int): Evaluation order, from 0: the first enabled rule that matches wins
        grouping (GroupingSettings | None): Alert grouping of the alerts this rule routes (Alertmanager's route
            `group_by`, `group_wait`, `group_interval`): wins over the integration's; null: the integration's grouping
        team_id (None | UUID): The owning team; null: the organization's. Ownership only: every enabled rule is
            evaluated for every alert, in order
        priority (None | RoutingRulePriorityType0): The priority (P1 most pressing) given to the incidents this rule
            routes, unless one was set by hand first; null: none
        runbook (None | RoutingRuleRunbookType0): The runbook started when an incident this rule routes opens; null:
            none (also once its procedure is deleted)
        created_by (None | UUID):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    matchers: list[str]
    matchers_text: str
    escalation_policy_id: UUID
    urgency: RoutingRuleUrgency
    enabled: bool
    ack_timeout_minutes: float | None
    position: int
    grouping: GroupingSettings | None
    team_id: None | UUID
    priority: None | RoutingRulePriorityType0
    runbook: None | RoutingRuleRunbookType0
    created_by: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.grouping_settings import GroupingSettings  # noqa: PLC0415
        from ..models.routing_rule_runbook_type_0 import RoutingRuleRunbookType0  # noqa: PLC0415

        id = str(self.id)

        name = self.name

        matchers = self.matchers

        matchers_text = self.matchers_text

        escalation_policy_id = str(self.escalation_policy_id)

        urgency = self.urgency.value

        enabled = self.enabled

        ack_timeout_minutes: float | None
        ack_timeout_minutes = self.ack_timeout_minutes

        position = self.position

        grouping: dict[str, Any] | None
        if isinstance(self.grouping, GroupingSettings):
            grouping = self.grouping.to_dict()
        else:
            grouping = self.grouping

        team_id: None | str
        if isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        priority: None | str
        if isinstance(self.priority, RoutingRulePriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        runbook: dict[str, Any] | None
        if isinstance(self.runbook, RoutingRuleRunbookType0):
            runbook = self.runbook.to_dict()
        else:
            runbook = self.runbook

        created_by: None | str
        if isinstance(self.created_by, UUID):
            created_by = str(self.created_by)
        else:
            created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "matchers": matchers,
                "matchers_text": matchers_text,
                "escalation_policy_id": escalation_policy_id,
                "urgency": urgency,
                "enabled": enabled,
                "ack_timeout_minutes": ack_timeout_minutes,
                "position": position,
                "grouping": grouping,
                "team_id": team_id,
                "priority": priority,
                "runbook": runbook,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.grouping_settings import GroupingSettings  # noqa: PLC0415
        from ..models.routing_rule_runbook_type_0 import RoutingRuleRunbookType0  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        matchers = cast(list[str], d.pop("matchers"))

        matchers_text = d.pop("matchers_text")

        escalation_policy_id = UUID(d.pop("escalation_policy_id"))

        urgency = RoutingRuleUrgency(d.pop("urgency"))

        enabled = d.pop("enabled")

        def _parse_ack_timeout_minutes(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ack_timeout_minutes = _parse_ack_timeout_minutes(d.pop("ack_timeout_minutes"))

        position = d.pop("position")

        def _parse_grouping(data: object) -> GroupingSettings | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grouping_type_0 = GroupingSettings.from_dict(data)

                return grouping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GroupingSettings | None, data)

        grouping = _parse_grouping(d.pop("grouping"))

        def _parse_team_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        team_id = _parse_team_id(d.pop("team_id"))

        def _parse_priority(data: object) -> None | RoutingRulePriorityType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = RoutingRulePriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoutingRulePriorityType0, data)

        priority = _parse_priority(d.pop("priority"))

        def _parse_runbook(data: object) -> None | RoutingRuleRunbookType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                runbook_type_0 = RoutingRuleRunbookType0.from_dict(data)

                return runbook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoutingRuleRunbookType0, data)

        runbook = _parse_runbook(d.pop("runbook"))

        def _parse_created_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_by_type_0 = UUID(data)

                return created_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        created_by = _parse_created_by(d.pop("created_by"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        routing_rule = cls(
            id=id,
            name=name,
            matchers=matchers,
            matchers_text=matchers_text,
            escalation_policy_id=escalation_policy_id,
            urgency=urgency,
            enabled=enabled,
            ack_timeout_minutes=ack_timeout_minutes,
            position=position,
            grouping=grouping,
            team_id=team_id,
            priority=priority,
            runbook=runbook,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return routing_rule
