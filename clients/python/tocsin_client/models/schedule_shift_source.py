from enum import StrEnum


class ScheduleShiftSource(StrEnum):
    LAYER = "layer"
    OVERRIDE = "override"

    def __str__(self) -> str:
        return str(self.value)
