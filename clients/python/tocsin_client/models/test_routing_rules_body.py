from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.test_routing_rules_body_platform import TestRoutingRulesBodyPlatform
from ..models.test_routing_rules_body_severity import TestRoutingRulesBodySeverity
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.test_routing_rules_body_labels import TestRoutingRulesBodyLabels


T = TypeVar("T", bound="TestRoutingRulesBody")


@_attrs_define
class TestRoutingRulesBody:
    """
    Attributes:
        severity (TestRoutingRulesBodySeverity): The alert's normalized severity
        labels (TestRoutingRulesBodyLabels | Unset): The alert's labels (at most 100; a value up to 100,000 characters).
            Each value is cut to its first 1,024 characters, as ingestion stores it, and matching has the same per-alert
            budget as in the worker: past it the answer is a 422 saying so
        platform (TestRoutingRulesBodyPlatform | Unset): The sending platform; defaults to the integration's platform,
            else matches as the empty string
        integration_id (UUID | Unset): The integration the alert would arrive through (404 when not one of the
            organization's): its id is the `integration` matcher's subject and its policy the fallback
    """

    severity: TestRoutingRulesBodySeverity
    labels: TestRoutingRulesBodyLabels | Unset = UNSET
    platform: TestRoutingRulesBodyPlatform | Unset = UNSET
    integration_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        severity = self.severity.value

        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        platform: str | Unset = UNSET
        if not isinstance(self.platform, Unset):
            platform = self.platform.value

        integration_id: str | Unset = UNSET
        if not isinstance(self.integration_id, Unset):
            integration_id = str(self.integration_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "severity": severity,
            }
        )
        if labels is not UNSET:
            field_dict["labels"] = labels
        if platform is not UNSET:
            field_dict["platform"] = platform
        if integration_id is not UNSET:
            field_dict["integration_id"] = integration_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.test_routing_rules_body_labels import TestRoutingRulesBodyLabels  # noqa: PLC0415

        d = dict(src_dict)
        severity = TestRoutingRulesBodySeverity(d.pop("severity"))

        _labels = d.pop("labels", UNSET)
        labels: TestRoutingRulesBodyLabels | Unset
        if isinstance(_labels, Unset):
            labels = UNSET
        else:
            labels = TestRoutingRulesBodyLabels.from_dict(_labels)

        _platform = d.pop("platform", UNSET)
        platform: TestRoutingRulesBodyPlatform | Unset
        if isinstance(_platform, Unset):
            platform = UNSET
        else:
            platform = TestRoutingRulesBodyPlatform(_platform)

        _integration_id = d.pop("integration_id", UNSET)
        integration_id: UUID | Unset
        if isinstance(_integration_id, Unset):
            integration_id = UNSET
        else:
            integration_id = UUID(_integration_id)

        test_routing_rules_body = cls(
            severity=severity,
            labels=labels,
            platform=platform,
            integration_id=integration_id,
        )

        return test_routing_rules_body
