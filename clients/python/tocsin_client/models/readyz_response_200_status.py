from enum import StrEnum


class ReadyzResponse200Status(StrEnum):
    DEGRADED = "degraded"
    READY = "ready"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
