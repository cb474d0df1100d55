from enum import StrEnum


class IncidentEscalationUrgencyType0(StrEnum):
    HIGH = "high"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
