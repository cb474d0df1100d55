from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mapping_problem_stage import MappingProblemStage

T = TypeVar("T", bound="MappingProblem")


@_attrs_define
class MappingProblem:
    """
    Attributes:
        stage (MappingProblemStage): `compile`: the template is not JSONata; `evaluate`: it failed or ran past its
            limits on the sample
        code (str): JSONata's error code (D1011: too deep, D1012: too long)
        message (str):
        position (int | None): Character offset in the template where JSONata stopped
        token (None | str):
    """

    stage: MappingProblemStage
    code: str
    message: str
    position: int | None
    token: None | str

    def to_dict(self) -> dict[str, Any]:
        stage = self.stage.value

        code = self.code

        message = self.message

        position: int | None
        position = self.position

        token: None | str
        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "stage": stage,
                "code": code,
                "message": message,
                "position": position,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stage = MappingProblemStage(d.pop("stage"))

        code = d.pop("code")

        message = d.pop("message")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        mapping_problem = cls(
            stage=stage,
            code=code,
            message=message,
            position=position,
            token=token,
        )

        return mapping_problem
