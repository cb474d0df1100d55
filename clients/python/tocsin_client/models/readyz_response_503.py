from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.readyz_response_503_status import ReadyzResponse503Status

if TYPE_CHECKING:
    from ..models.readyz_response_503_checks import ReadyzResponse503Checks


T = TypeVar("T", bound="ReadyzResponse503")


@_attrs_define
class ReadyzResponse503:
    """
    Attributes:
        status (ReadyzResponse503Status):
        checks (ReadyzResponse503Checks):
    """

    status: ReadyzResponse503Status
    checks: ReadyzResponse503Checks

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
        from ..models.readyz_response_503_checks import ReadyzResponse503Checks  # noqa: PLC0415

        d = dict(src_dict)
        status = ReadyzResponse503Status(d.pop("status"))

        checks = ReadyzResponse503Checks.from_dict(d.pop("checks"))

        readyz_response_503 = cls(
            status=status,
            checks=checks,
        )

        return readyz_response_503
