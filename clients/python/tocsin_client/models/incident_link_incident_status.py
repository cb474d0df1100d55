from enum import StrEnum


class IncidentLinkIncidentStatus(StrEnum):
    ACTIVE = "active"
    INVESTIGATING = "investigating"
    MITIGATED = "mitigated"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
