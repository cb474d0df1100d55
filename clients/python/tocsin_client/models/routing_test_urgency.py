from enum import StrEnum


class RoutingTestUrgency(StrEnum):
    HIGH = "high"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
