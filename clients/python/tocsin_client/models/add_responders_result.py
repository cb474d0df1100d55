from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.responder import Responder


T = TypeVar("T", bound="AddRespondersResult")


@_attrs_define
class AddRespondersResult:
    """
    Attributes:
        added (list[Responder]): The requests made now (each paged once through the person’s notification rules)
        already_asked (list[UUID]): People asked before on this incident, whatever they answered: not asked or paged
            again
        nobody_on_call (list[UUID]): Schedules and policies that resolved to nobody at this moment
        responders (list[Responder]): Every responder of the incident now
    """

    added: list[Responder]
    already_asked: list[UUID]
    nobody_on_call: list[UUID]
    responders: list[Responder]

    def to_dict(self) -> dict[str, Any]:
        added = []
        for added_item_data in self.added:
            added_item = added_item_data.to_dict()
            added.append(added_item)

        already_asked = []
        for already_asked_item_data in self.already_asked:
            already_asked_item = str(already_asked_item_data)
            already_asked.append(already_asked_item)

        nobody_on_call = []
        for nobody_on_call_item_data in self.nobody_on_call:
            nobody_on_call_item = str(nobody_on_call_item_data)
            nobody_on_call.append(nobody_on_call_item)

        responders = []
        for responders_item_data in self.responders:
            responders_item = responders_item_data.to_dict()
            responders.append(responders_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "added": added,
                "already_asked": already_asked,
                "nobody_on_call": nobody_on_call,
                "responders": responders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.responder import Responder  # noqa: PLC0415

        d = dict(src_dict)
        added = []
        _added = d.pop("added")
        for added_item_data in _added:
            added_item = Responder.from_dict(added_item_data)

            added.append(added_item)

        already_asked = []
        _already_asked = d.pop("already_asked")
        for already_asked_item_data in _already_asked:
            already_asked_item = UUID(already_asked_item_data)

            already_asked.append(already_asked_item)

        nobody_on_call = []
        _nobody_on_call = d.pop("nobody_on_call")
        for nobody_on_call_item_data in _nobody_on_call:
            nobody_on_call_item = UUID(nobody_on_call_item_data)

            nobody_on_call.append(nobody_on_call_item)

        responders = []
        _responders = d.pop("responders")
        for responders_item_data in _responders:
            responders_item = Responder.from_dict(responders_item_data)

            responders.append(responders_item)

        add_responders_result = cls(
            added=added,
            already_asked=already_asked,
            nobody_on_call=nobody_on_call,
            responders=responders,
        )

        return add_responders_result
