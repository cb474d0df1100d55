from enum import StrEnum


class UpdateIncidentBodyStatus(StrEnum):
    ACTIVE = "active"
    INVESTIGATING = "investigating"
    MITIGATED = "mitigated"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
