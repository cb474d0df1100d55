from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_routing_rule_body_priority_type_0 import UpdateRoutingRuleBodyPriorityType0
from ..models.update_routing_rule_body_urgency import UpdateRoutingRuleBodyUrgency
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.grouping_settings_input import GroupingSettingsInput
    from ..models.routing_rule_runbook_input import RoutingRuleRunbookInput


T = TypeVar("T", bound="UpdateRoutingRuleBody")


@_attrs_define
class UpdateRoutingRuleBody:
    """
    Attributes:
        name (str | Unset):
        matchers (list[str] | str | Unset): Alertmanager matchers: one list (`{service="db", env=~"prod|staging"}`) or
            an array of matcher texts (`["service=db", "severity=critical"]`). Operators `=`, `!=`, `=~`, `!~`; a regex (RE2
            syntax, linear time) must match the whole value and may keep at most 256 positions alive at once (e.g. no
            `.{1000}` after `.*`), since each is paid for every character of a label; a label the alert lacks is the empty
            string. Matched over the labels of the alert that opens the incident plus `severity`, `platform` and
            `integration` (the integration's id), which take precedence over labels of those names. A list that matches
            every alert (`severity=~".*"`) is allowed: a catch-all last rule.
        escalation_policy_id (UUID | Unset): The escalation policy the rule's incidents page through; one of the
            organization's policies (422 otherwise)
        urgency (UpdateRoutingRuleBodyUrgency | Unset): `high`: pages at once through every contact method; `low`: pages
            by email only
        enabled (bool | Unset):
        ack_timeout_minutes (float | None | Unset): Overrides the escalation policy's acknowledgement timeout for the
            incidents this rule routes: minutes an incident may stay acknowledged (`investigating`) before it pages again
            from level 1; null (the default): the policy's
        position (int | Unset): Where the rule goes in the evaluation order, from 0; past the end (or omitted on
            creation) puts it last. The other rules move to make room.
        grouping (GroupingSettingsInput | None | Unset): Alert grouping of the alerts this rule routes (Alertmanager's
            route `group_by`, `group_wait`, `group_interval`): wins over the integration's; null: the integration's grouping
        team_id (None | Unset | UUID): The owning team (a team of the organization; 422 otherwise); null: the
            organization's, no team
        priority (None | Unset | UpdateRoutingRuleBodyPriorityType0): The priority (P1 most pressing) given to the
            incidents this rule routes, unless one was set by hand first; null: none
        runbook (None | RoutingRuleRunbookInput | Unset): A runbook started once when an incident this rule routes opens
            (never twice for one incident); its run is on the incident timeline. Null: none
    """

    name: str | Unset = UNSET
    matchers: list[str] | str | Unset = UNSET
    escalation_policy_id: UUID | Unset = UNSET
    urgency: UpdateRoutingRuleBodyUrgency | Unset = UNSET
    enabled: bool | Unset = UNSET
    ack_timeout_minutes: float | None | Unset = UNSET
    position: int | Unset = UNSET
    grouping: GroupingSettingsInput | None | Unset = UNSET
    team_id: None | Unset | UUID = UNSET
    priority: None | Unset | UpdateRoutingRuleBodyPriorityType0 = UNSET
    runbook: None | RoutingRuleRunbookInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.grouping_settings_input import GroupingSettingsInput  # noqa: PLC0415
        from ..models.routing_rule_runbook_input import RoutingRuleRunbookInput  # noqa: PLC0415

        name = self.name

        matchers: list[str] | str | Unset
        if isinstance(self.matchers, Unset):
            matchers = UNSET
        elif isinstance(self.matchers, list):
            matchers = self.matchers

        else:
            matchers = self.matchers

        escalation_policy_id: str | Unset = UNSET
        if not isinstance(self.escalation_policy_id, Unset):
            escalation_policy_id = str(self.escalation_policy_id)

        urgency: str | Unset = UNSET
        if not isinstance(self.urgency, Unset):
            urgency = self.urgency.value

        enabled = self.enabled

        ack_timeout_minutes: float | None | Unset
        if isinstance(self.ack_timeout_minutes, Unset):
            ack_timeout_minutes = UNSET
        else:
            ack_timeout_minutes = self.ack_timeout_minutes

        position = self.position

        grouping: dict[str, Any] | None | Unset
        if isinstance(self.grouping, Unset):
            grouping = UNSET
        elif isinstance(self.grouping, GroupingSettingsInput):
            grouping = self.grouping.to_dict()
        else:
            grouping = self.grouping

        team_id: None | str | Unset
        if isinstance(self.team_id, Unset):
            team_id = UNSET
        elif isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, UpdateRoutingRuleBodyPriorityType0):
            priority = self.priority.value
        else:
            priority = self.priority

        runbook: dict[str, Any] | None | Unset
        if isinstance(self.runbook, Unset):
            runbook = UNSET
        elif isinstance(self.runbook, RoutingRuleRunbookInput):
            runbook = self.runbook.to_dict()
        else:
            runbook = self.runbook

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if matchers is not UNSET:
            field_dict["matchers"] = matchers
        if escalation_policy_id is not UNSET:
            field_dict["escalation_policy_id"] = escalation_policy_id
        if urgency is not UNSET:
            field_dict["urgency"] = urgency
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if ack_timeout_minutes is not UNSET:
            field_dict["ack_timeout_minutes"] = ack_timeout_minutes
        if position is not UNSET:
            field_dict["position"] = position
        if grouping is not UNSET:
            field_dict["grouping"] = grouping
        if team_id is not UNSET:
            field_dict["team_id"] = team_id
        if priority is not UNSET:
            field_dict["priority"] = priority
        if runbook is not UNSET:
            field_dict["runbook"] = runbook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.grouping_settings_input import GroupingSettingsInput  # noqa: PLC0415
        from ..models.routing_rule_runbook_input import RoutingRuleRunbookInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_matchers(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                matchers_type_1 = cast(list[str], data)

                return matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        matchers = _parse_matchers(d.pop("matchers", UNSET))

        _escalation_policy_id = d.pop("escalation_policy_id", UNSET)
        escalation_policy_id: UUID | Unset
        if isinstance(_escalation_policy_id, Unset):
            escalation_policy_id = UNSET
        else:
            escalation_policy_id = UUID(_escalation_policy_id)

        _urgency = d.pop("urgency", UNSET)
        urgency: UpdateRoutingRuleBodyUrgency | Unset
        if isinstance(_urgency, Unset):
            urgency = UNSET
        else:
            urgency = UpdateRoutingRuleBodyUrgency(_urgency)

        enabled = d.pop("enabled", UNSET)

        def _parse_ack_timeout_minutes(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ack_timeout_minutes = _parse_ack_timeout_minutes(d.pop("ack_timeout_minutes", UNSET))

        position = d.pop("position", UNSET)

        def _parse_grouping(data: object) -> GroupingSettingsInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grouping_type_0 = GroupingSettingsInput.from_dict(data)

                return grouping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GroupingSettingsInput | None | Unset, data)

        grouping = _parse_grouping(d.pop("grouping", UNSET))

        def _parse_team_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        team_id = _parse_team_id(d.pop("team_id", UNSET))

        def _parse_priority(data: object) -> None | Unset | UpdateRoutingRuleBodyPriorityType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_0 = UpdateRoutingRuleBodyPriorityType0(data)

                return priority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateRoutingRuleBodyPriorityType0, data)

        priority = _parse_priority(d.pop("priority", UNSET))

        def _parse_runbook(data: object) -> None | RoutingRuleRunbookInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                runbook_type_0 = RoutingRuleRunbookInput.from_dict(data)

                return runbook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoutingRuleRunbookInput | Unset, data)

        runbook = _parse_runbook(d.pop("runbook", UNSET))

        update_routing_rule_body = cls(
            name=name,
            matchers=matchers,
            escalation_policy_id=escalation_policy_id,
            urgency=urgency,
            enabled=enabled,
            ack_timeout_minutes=ack_timeout_minutes,
            position=position,
            grouping=grouping,
            team_id=team_id,
            priority=priority,
            runbook=runbook,
        )

        return update_routing_rule_body
