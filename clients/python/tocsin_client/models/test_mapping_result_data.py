from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.mapped_alert import MappedAlert
    from ..models.mapping_problem import MappingProblem
    from ..models.test_mapping_result_data_rejected_item import TestMappingResultDataRejectedItem


T = TypeVar("T", bound="TestMappingResultData")


@_attrs_define
class TestMappingResultData:
    """
    Attributes:
        alerts (list[MappedAlert]): The alerts the sample maps to
        rejected (list[TestMappingResultDataRejectedItem]): Mapped objects that are not alerts, and why (`[1].severity
            is required`)
        error (MappingProblem | None): Why the template produced nothing; null when it ran
    """

    alerts: list[MappedAlert]
    rejected: list[TestMappingResultDataRejectedItem]
    error: MappingProblem | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.mapping_problem import MappingProblem  # noqa: PLC0415

        alerts = []
        for alerts_item_data in self.alerts:
            alerts_item = alerts_item_data.to_dict()
            alerts.append(alerts_item)

        rejected = []
        for rejected_item_data in self.rejected:
            rejected_item = rejected_item_data.to_dict()
            rejected.append(rejected_item)

        error: dict[str, Any] | None
        if isinstance(self.error, MappingProblem):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "alerts": alerts,
                "rejected": rejected,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mapped_alert import MappedAlert  # noqa: PLC0415
        from ..models.mapping_problem import MappingProblem  # noqa: PLC0415
        from ..models.test_mapping_result_data_rejected_item import TestMappingResultDataRejectedItem  # noqa: PLC0415

        d = dict(src_dict)
        alerts = []
        _alerts = d.pop("alerts")
        for alerts_item_data in _alerts:
            alerts_item = MappedAlert.from_dict(alerts_item_data)

            alerts.append(alerts_item)

        rejected = []
        _rejected = d.pop("rejected")
        for rejected_item_data in _rejected:
            rejected_item = TestMappingResultDataRejectedItem.from_dict(rejected_item_data)

            rejected.append(rejected_item)

        def _parse_error(data: object) -> MappingProblem | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = MappingProblem.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MappingProblem | None, data)

        error = _parse_error(d.pop("error"))

        test_mapping_result_data = cls(
            alerts=alerts,
            rejected=rejected,
            error=error,
        )

        return test_mapping_result_data
