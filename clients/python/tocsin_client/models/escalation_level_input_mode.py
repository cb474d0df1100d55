from enum import StrEnum


class EscalationLevelInputMode(StrEnum):
    ALL = "all"
    ROUND_ROBIN = "round_robin"

    def __str__(self) -> str:
        return str(self.value)
