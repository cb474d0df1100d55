from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_chat_feed_input_kind import CreateChatFeedInputKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateChatFeedInput")


@_attrs_define
class CreateChatFeedInput:
    """
    Attributes:
        kind (CreateChatFeedInputKind): The chat: the organization's connection of that kind posts
        target (str): Where to post: a Slack channel id (C…/G…) the app was invited to, or a Matrix room id (!…) or
            alias (#name:server) the bot was invited to
        routing_rule_id (UUID | Unset): Incidents routed by this rule (exactly one of routing_rule_id and
            integration_id)
        integration_id (UUID | Unset): Incidents opened by this integration's alerts
    """

    kind: CreateChatFeedInputKind
    target: str
    routing_rule_id: UUID | Unset = UNSET
    integration_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        target = self.target

        routing_rule_id: str | Unset = UNSET
        if not isinstance(self.routing_rule_id, Unset):
            routing_rule_id = str(self.routing_rule_id)

        integration_id: str | Unset = UNSET
        if not isinstance(self.integration_id, Unset):
            integration_id = str(self.integration_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "target": target,
            }
        )
        if routing_rule_id is not UNSET:
            field_dict["routing_rule_id"] = routing_rule_id
        if integration_id is not UNSET:
            field_dict["integration_id"] = integration_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CreateChatFeedInputKind(d.pop("kind"))

        target = d.pop("target")

        _routing_rule_id = d.pop("routing_rule_id", UNSET)
        routing_rule_id: UUID | Unset
        if isinstance(_routing_rule_id, Unset):
            routing_rule_id = UNSET
        else:
            routing_rule_id = UUID(_routing_rule_id)

        _integration_id = d.pop("integration_id", UNSET)
        integration_id: UUID | Unset
        if isinstance(_integration_id, Unset):
            integration_id = UNSET
        else:
            integration_id = UUID(_integration_id)

        create_chat_feed_input = cls(
            kind=kind,
            target=target,
            routing_rule_id=routing_rule_id,
            integration_id=integration_id,
        )

        return create_chat_feed_input
