from enum import StrEnum


class StatusUpdateVisibility(StrEnum):
    INTERNAL = "internal"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)
