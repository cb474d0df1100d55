from enum import StrEnum


class PageMethod(StrEnum):
    EMAIL = "email"

    def __str__(self) -> str:
        return str(self.value)
