from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.routing_rule_urgency import RoutingRuleUrgency

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
        position (int): Evaluation order, from 0: the first enabled rule that matches wins
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
    position: int
    created_by: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        matchers = self.matchers

        matchers_text = self.matchers_text

        escalation_policy_id = str(self.escalation_policy_id)

        urgency = self.urgency.value

        enabled = self.enabled

        position = self.position

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
                "position": position,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        matchers = cast(list[str], d.pop("matchers"))

        matchers_text = d.pop("matchers_text")

        escalation_policy_id = UUID(d.pop("escalation_policy_id"))

        urgency = RoutingRuleUrgency(d.pop("urgency"))

        enabled = d.pop("enabled")

        position = d.pop("position")

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
            position=position,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return routing_rule
