from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.decline_responder_request_response_200_meta import DeclineResponderRequestResponse200Meta
    from ..models.responder import Responder


T = TypeVar("T", bound="DeclineResponderRequestResponse200")


@_attrs_define
class DeclineResponderRequestResponse200:
    """
    Attributes:
        data (Responder):
        meta (DeclineResponderRequestResponse200Meta):
    """

    data: Responder
    meta: DeclineResponderRequestResponse200Meta

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "meta": meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.decline_responder_request_response_200_meta import DeclineResponderRequestResponse200Meta  # noqa: PLC0415
        from ..models.responder import Responder  # noqa: PLC0415

        d = dict(src_dict)
        data = Responder.from_dict(d.pop("data"))

        meta = DeclineResponderRequestResponse200Meta.from_dict(d.pop("meta"))

        decline_responder_request_response_200 = cls(
            data=data,
            meta=meta,
        )

        return decline_responder_request_response_200
