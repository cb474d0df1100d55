from enum import StrEnum


class CreateNotificationRuleInputUrgency(StrEnum):
    ANY = "any"
    HIGH = "high"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
