from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.responder_target_input import ResponderTargetInput


T = TypeVar("T", bound="AddIncidentRespondersBody")


@_attrs_define
class AddIncidentRespondersBody:
    """
    Attributes:
        targets (list[ResponderTargetInput]): Whom to ask; each person is asked once per incident
        message (None | str | Unset): Why they are asked: shown in the request and its pages
    """

    targets: list[ResponderTargetInput]
    message: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        targets = []
        for targets_item_data in self.targets:
            targets_item = targets_item_data.to_dict()
            targets.append(targets_item)

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targets": targets,
            }
        )
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.responder_target_input import ResponderTargetInput  # noqa: PLC0415

        d = dict(src_dict)
        targets = []
        _targets = d.pop("targets")
        for targets_item_data in _targets:
            targets_item = ResponderTargetInput.from_dict(targets_item_data)

            targets.append(targets_item)

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        add_incident_responders_body = cls(
            targets=targets,
            message=message,
        )

        return add_incident_responders_body
