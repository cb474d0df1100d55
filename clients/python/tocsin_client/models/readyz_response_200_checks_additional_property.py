from enum import StrEnum


class ReadyzResponse200ChecksAdditionalProperty(StrEnum):
    OK = "ok"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
