from enum import StrEnum


class SelfTestRunStatus(StrEnum):
    COMPLETED = "completed"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
