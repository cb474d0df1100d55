from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mapped_alert_severity import MappedAlertSeverity
from ..models.mapped_alert_status import MappedAlertStatus

if TYPE_CHECKING:
    from ..models.mapped_alert_labels import MappedAlertLabels


T = TypeVar("T", bound="MappedAlert")


@_attrs_define
class MappedAlert:
    """
    Attributes:
        title (str):
        severity (MappedAlertSeverity):
        status (MappedAlertStatus):
        fingerprint (str):
        dedup_key (str): The key its incident is found by: the fingerprint, hashed when it has characters a key cannot
        labels (MappedAlertLabels):
        description (None | str):
    """

    title: str
    severity: MappedAlertSeverity
    status: MappedAlertStatus
    fingerprint: str
    dedup_key: str
    labels: MappedAlertLabels
    description: None | str

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        severity = self.severity.value

        status = self.status.value

        fingerprint = self.fingerprint

        dedup_key = self.dedup_key

        labels = self.labels.to_dict()

        description: None | str
        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "severity": severity,
                "status": status,
                "fingerprint": fingerprint,
                "dedup_key": dedup_key,
                "labels": labels,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mapped_alert_labels import MappedAlertLabels  # noqa: PLC0415

        d = dict(src_dict)
        title = d.pop("title")

        severity = MappedAlertSeverity(d.pop("severity"))

        status = MappedAlertStatus(d.pop("status"))

        fingerprint = d.pop("fingerprint")

        dedup_key = d.pop("dedup_key")

        labels = MappedAlertLabels.from_dict(d.pop("labels"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        mapped_alert = cls(
            title=title,
            severity=severity,
            status=status,
            fingerprint=fingerprint,
            dedup_key=dedup_key,
            labels=labels,
            description=description,
        )

        return mapped_alert
