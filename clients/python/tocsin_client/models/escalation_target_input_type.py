from enum import StrEnum


class EscalationTargetInputType(StrEnum):
    SCHEDULE = "schedule"
    TEAM = "team"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
