from enum import StrEnum


class ExecutionStepStatus(StrEnum):
    FAILED = "failed"
    PENDING = "pending"
    RUNNING = "running"
    SKIPPED = "skipped"
    SUCCEEDED = "succeeded"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
