from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.procedure_step_type import ProcedureStepType

if TYPE_CHECKING:
    from ..models.approval_step_config import ApprovalStepConfig
    from ..models.http_step_config import HttpStepConfig
    from ..models.manual_step_config import ManualStepConfig
    from ..models.wait_step_config import WaitStepConfig


T = TypeVar("T", bound="ProcedureStep")


@_attrs_define
class ProcedureStep:
    """
    Attributes:
        id (UUID):
        position (int): 0-based order of the step
        name (str):
        description (None | str):
        type_ (ProcedureStepType):
        config (ApprovalStepConfig | HttpStepConfig | ManualStepConfig | WaitStepConfig): Shape depends on `type`
    """

    id: UUID
    position: int
    name: str
    description: None | str
    type_: ProcedureStepType
    config: ApprovalStepConfig | HttpStepConfig | ManualStepConfig | WaitStepConfig

    def to_dict(self) -> dict[str, Any]:
        from ..models.http_step_config import HttpStepConfig  # noqa: PLC0415
        from ..models.manual_step_config import ManualStepConfig  # noqa: PLC0415
        from ..models.wait_step_config import WaitStepConfig  # noqa: PLC0415

        id = str(self.id)

        position = self.position

        name = self.name

        description: None | str
        description = self.description

        type_ = self.type_.value

        config: dict[str, Any]
        if isinstance(self.config, ManualStepConfig):
            config = self.config.to_dict()
        elif isinstance(self.config, HttpStepConfig):
            config = self.config.to_dict()
        elif isinstance(self.config, WaitStepConfig):
            config = self.config.to_dict()
        else:
            config = self.config.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "position": position,
                "name": name,
                "description": description,
                "type": type_,
                "config": config,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_step_config import ApprovalStepConfig  # noqa: PLC0415
        from ..models.http_step_config import HttpStepConfig  # noqa: PLC0415
        from ..models.manual_step_config import ManualStepConfig  # noqa: PLC0415
        from ..models.wait_step_config import WaitStepConfig  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        position = d.pop("position")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        type_ = ProcedureStepType(d.pop("type"))

        def _parse_config(data: object) -> ApprovalStepConfig | HttpStepConfig | ManualStepConfig | WaitStepConfig:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = ManualStepConfig.from_dict(data)

                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_1 = HttpStepConfig.from_dict(data)

                return config_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_2 = WaitStepConfig.from_dict(data)

                return config_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            config_type_3 = ApprovalStepConfig.from_dict(data)

            return config_type_3

        config = _parse_config(d.pop("config"))

        procedure_step = cls(
            id=id,
            position=position,
            name=name,
            description=description,
            type_=type_,
            config=config,
        )

        return procedure_step
