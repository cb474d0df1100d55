from enum import StrEnum


class UpdateExecutionBodyType1Status(StrEnum):
    FAILED = "failed"
    SKIPPED = "skipped"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
