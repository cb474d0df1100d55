from enum import StrEnum


class NotificationRuleUrgency(StrEnum):
    ANY = "any"
    HIGH = "high"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
