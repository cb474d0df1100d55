from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.responder_via_type import ResponderViaType

T = TypeVar("T", bound="ResponderVia")


@_attrs_define
class ResponderVia:
    """How the person came to be asked

    Attributes:
        type_ (ResponderViaType):
        id (UUID):
    """

    type_: ResponderViaType
    id: UUID

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = str(self.id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ResponderViaType(d.pop("type"))

        id = UUID(d.pop("id"))

        responder_via = cls(
            type_=type_,
            id=id,
        )

        return responder_via
