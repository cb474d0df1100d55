from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.incident_escalation_ended_type_0 import IncidentEscalationEndedType0
from ..models.incident_escalation_urgency_type_0 import IncidentEscalationUrgencyType0

if TYPE_CHECKING:
    from ..models.escalation_policy import EscalationPolicy
    from ..models.page import Page


T = TypeVar("T", bound="IncidentEscalation")


@_attrs_define
class IncidentEscalation:
    """
    Attributes:
        policy (EscalationPolicy | None): The policy the escalation pages through (the one routing chose for the
            incident); null when the incident has none or it was deleted
        urgency (IncidentEscalationUrgencyType0 | None): Chosen by routing when the incident opened: `high` pages
            through every contact method, `low` by email only; null when not routed
        routing_rule_id (None | UUID): The routing rule that chose the policy; null when none matched
        cycle (int): The escalation cycle shown: 1, then one more each time the incident reopened or was reassigned
            (each cycle pages afresh)
        running (bool): Whether the escalation is still paging
        level (int | None): The level paged last, from 1
        round_ (int | None): The round under way, from 1
        next_escalation_at (datetime.datetime | None): When the next level is paged, while the escalation waits
        ended (IncidentEscalationEndedType0 | None): Why the escalation of this cycle ended; `reassigned`: someone
            reassigned the incident and the next cycle pages the new target
        snoozed_until (datetime.datetime | None): While the acknowledged incident is snoozed: when it goes back to
            `active` and pages again from level 1, unless resolved first
        pages (list[Page]):
    """

    policy: EscalationPolicy | None
    urgency: IncidentEscalationUrgencyType0 | None
    routing_rule_id: None | UUID
    cycle: int
    running: bool
    level: int | None
    round_: int | None
    next_escalation_at: datetime.datetime | None
    ended: IncidentEscalationEndedType0 | None
    snoozed_until: datetime.datetime | None
    pages: list[Page]

    def to_dict(self) -> dict[str, Any]:
        from ..models.escalation_policy import EscalationPolicy  # noqa: PLC0415

        policy: dict[str, Any] | None
        if isinstance(self.policy, EscalationPolicy):
            policy = self.policy.to_dict()
        else:
            policy = self.policy

        urgency: None | str
        if isinstance(self.urgency, IncidentEscalationUrgencyType0):
            urgency = self.urgency.value
        else:
            urgency = self.urgency

        routing_rule_id: None | str
        if isinstance(self.routing_rule_id, UUID):
            routing_rule_id = str(self.routing_rule_id)
        else:
            routing_rule_id = self.routing_rule_id

        cycle = self.cycle

        running = self.running

        level: int | None
        level = self.level

        round_: int | None
        round_ = self.round_

        next_escalation_at: None | str
        if isinstance(self.next_escalation_at, datetime.datetime):
            next_escalation_at = self.next_escalation_at.isoformat()
        else:
            next_escalation_at = self.next_escalation_at

        ended: None | str
        if isinstance(self.ended, IncidentEscalationEndedType0):
            ended = self.ended.value
        else:
            ended = self.ended

        snoozed_until: None | str
        if isinstance(self.snoozed_until, datetime.datetime):
            snoozed_until = self.snoozed_until.isoformat()
        else:
            snoozed_until = self.snoozed_until

        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "policy": policy,
                "urgency": urgency,
                "routing_rule_id": routing_rule_id,
                "cycle": cycle,
                "running": running,
                "level": level,
                "round": round_,
                "next_escalation_at": next_escalation_at,
                "ended": ended,
                "snoozed_until": snoozed_until,
                "pages": pages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.escalation_policy import EscalationPolicy  # noqa: PLC0415
        from ..models.page import Page  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_policy(data: object) -> EscalationPolicy | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                policy_type_0 = EscalationPolicy.from_dict(data)

                return policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EscalationPolicy | None, data)

        policy = _parse_policy(d.pop("policy"))

        def _parse_urgency(data: object) -> IncidentEscalationUrgencyType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                urgency_type_0 = IncidentEscalationUrgencyType0(data)

                return urgency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentEscalationUrgencyType0 | None, data)

        urgency = _parse_urgency(d.pop("urgency"))

        def _parse_routing_rule_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                routing_rule_id_type_0 = UUID(data)

                return routing_rule_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        routing_rule_id = _parse_routing_rule_id(d.pop("routing_rule_id"))

        cycle = d.pop("cycle")

        running = d.pop("running")

        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_next_escalation_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_escalation_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_escalation_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_escalation_at = _parse_next_escalation_at(d.pop("next_escalation_at"))

        def _parse_ended(data: object) -> IncidentEscalationEndedType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_type_0 = IncidentEscalationEndedType0(data)

                return ended_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IncidentEscalationEndedType0 | None, data)

        ended = _parse_ended(d.pop("ended"))

        def _parse_snoozed_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                snoozed_until_type_0 = datetime.datetime.fromisoformat(data)

                return snoozed_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        snoozed_until = _parse_snoozed_until(d.pop("snoozed_until"))

        pages = []
        _pages = d.pop("pages")
        for pages_item_data in _pages:
            pages_item = Page.from_dict(pages_item_data)

            pages.append(pages_item)

        incident_escalation = cls(
            policy=policy,
            urgency=urgency,
            routing_rule_id=routing_rule_id,
            cycle=cycle,
            running=running,
            level=level,
            round_=round_,
            next_escalation_at=next_escalation_at,
            ended=ended,
            snoozed_until=snoozed_until,
            pages=pages,
        )

        return incident_escalation
