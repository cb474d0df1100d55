from enum import StrEnum


class ScheduleRotationLayerRotation(StrEnum):
    CUSTOM = "custom"
    DAILY = "daily"
    WEEKLY = "weekly"

    def __str__(self) -> str:
        return str(self.value)
