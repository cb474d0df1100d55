from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.readyz_response_200_status import ReadyzResponse200Status

if TYPE_CHECKING:
    from ..models.readyz_response_200_checks import ReadyzResponse200Checks


T = TypeVar("T", bound="ReadyzResponse200")


@_attrs_define
class ReadyzResponse200:
    """
    Attributes:
        status (ReadyzResponse200Status):
        checks (ReadyzResponse200Checks):
    """

    status: ReadyzResponse200Status
    checks: ReadyzResponse200Checks

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readyz_response_200_checks import ReadyzResponse200Checks  # noqa: PLC0415

        d = dict(src_dict)
        status = ReadyzResponse200Status(d.pop("status"))

        checks = ReadyzResponse200Checks.from_dict(d.pop("checks"))

        readyz_response_200 = cls(
            status=status,
            checks=checks,
        )

        return readyz_response_200
