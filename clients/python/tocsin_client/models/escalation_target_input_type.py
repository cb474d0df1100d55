from enum import StrEnum


class EscalationTargetInputType(StrEnum):
    SCHEDULE = "schedule"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
