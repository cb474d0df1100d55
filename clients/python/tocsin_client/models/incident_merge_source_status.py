from enum import StrEnum


class IncidentMergeSourceStatus(StrEnum):
    ACTIVE = "active"
    INVESTIGATING = "investigating"
    MITIGATED = "mitigated"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
