from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SlackCommandAnswer")


@_attrs_define
class SlackCommandAnswer:
    """
    Attributes:
        response_type (Literal['ephemeral']): Only the person who typed the command sees the answer
        text (str):
    """

    response_type: Literal["ephemeral"]
    text: str

    def to_dict(self) -> dict[str, Any]:
        response_type = self.response_type

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "response_type": response_type,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        response_type = cast(Literal["ephemeral"], d.pop("response_type"))
        if response_type != "ephemeral":
            raise ValueError(f"response_type must match const 'ephemeral', got '{response_type}'")

        text = d.pop("text")

        slack_command_answer = cls(
            response_type=response_type,
            text=text,
        )

        return slack_command_answer
