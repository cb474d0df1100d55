from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.incident_escalation import IncidentEscalation
    from ..models.reassignment_previous_type_0 import ReassignmentPreviousType0


T = TypeVar("T", bound="Reassignment")


@_attrs_define
class Reassignment:
    """
    Attributes:
        cycle (int): The escalation cycle that now pages the new target
        user_id (None | UUID): The new assignee, when reassigned to a person
        escalation_policy_id (None | UUID): The new policy, when reassigned to a policy
        previous (None | ReassignmentPreviousType0): Where the escalation stood when the reassignment ended it; null
            when none was running
        escalation (IncidentEscalation):
    """

    cycle: int
    user_id: None | UUID
    escalation_policy_id: None | UUID
    previous: None | ReassignmentPreviousType0
    escalation: IncidentEscalation

    def to_dict(self) -> dict[str, Any]:
        from ..models.reassignment_previous_type_0 import ReassignmentPreviousType0  # noqa: PLC0415

        cycle = self.cycle

        user_id: None | str
        if isinstance(self.user_id, UUID):
            user_id = str(self.user_id)
        else:
            user_id = self.user_id

        escalation_policy_id: None | str
        if isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        previous: dict[str, Any] | None
        if isinstance(self.previous, ReassignmentPreviousType0):
            previous = self.previous.to_dict()
        else:
            previous = self.previous

        escalation = self.escalation.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cycle": cycle,
                "user_id": user_id,
                "escalation_policy_id": escalation_policy_id,
                "previous": previous,
                "escalation": escalation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.incident_escalation import IncidentEscalation  # noqa: PLC0415
        from ..models.reassignment_previous_type_0 import ReassignmentPreviousType0  # noqa: PLC0415

        d = dict(src_dict)
        cycle = d.pop("cycle")

        def _parse_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_id_type_0 = UUID(data)

                return user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user_id = _parse_user_id(d.pop("user_id"))

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

        def _parse_previous(data: object) -> None | ReassignmentPreviousType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                previous_type_0 = ReassignmentPreviousType0.from_dict(data)

                return previous_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReassignmentPreviousType0, data)

        previous = _parse_previous(d.pop("previous"))

        escalation = IncidentEscalation.from_dict(d.pop("escalation"))

        reassignment = cls(
            cycle=cycle,
            user_id=user_id,
            escalation_policy_id=escalation_policy_id,
            previous=previous,
            escalation=escalation,
        )

        return reassignment
