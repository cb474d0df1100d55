from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_postmortem_response_201_meta import CreatePostmortemResponse201Meta
    from ..models.postmortem import Postmortem


T = TypeVar("T", bound="CreatePostmortemResponse201")


@_attrs_define
class CreatePostmortemResponse201:
    """
    Attributes:
        data (Postmortem):
        meta (CreatePostmortemResponse201Meta):
    """

    data: Postmortem
    meta: CreatePostmortemResponse201Meta

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
        from ..models.create_postmortem_response_201_meta import CreatePostmortemResponse201Meta  # noqa: PLC0415
        from ..models.postmortem import Postmortem  # noqa: PLC0415

        d = dict(src_dict)
        data = Postmortem.from_dict(d.pop("data"))

        meta = CreatePostmortemResponse201Meta.from_dict(d.pop("meta"))

        create_postmortem_response_201 = cls(
            data=data,
            meta=meta,
        )

        return create_postmortem_response_201
