from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SubmitLogsResponse201Meta")


@_attrs_define
class SubmitLogsResponse201Meta:
    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        submit_logs_response_201_meta = cls()

        return submit_logs_response_201_meta
