from enum import StrEnum


class ResponderViaType(StrEnum):
    ESCALATION_POLICY = "escalation_policy"
    SCHEDULE = "schedule"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
