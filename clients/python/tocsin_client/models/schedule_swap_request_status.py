from enum import StrEnum


class ScheduleSwapRequestStatus(StrEnum):
    ACCEPTED = "accepted"
    CANCELLED = "cancelled"
    DECLINED = "declined"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
