from enum import StrEnum


class IncidentEscalationEndedType0(StrEnum):
    ACKNOWLEDGED = "acknowledged"
    EXHAUSTED = "exhausted"
    NO_POLICY = "no_policy"
    REASSIGNED = "reassigned"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
