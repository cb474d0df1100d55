from enum import StrEnum


class PostStatusUpdateBodyVisibility(StrEnum):
    INTERNAL = "internal"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)
