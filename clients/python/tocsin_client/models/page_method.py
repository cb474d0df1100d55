from enum import StrEnum


class PageMethod(StrEnum):
    EMAIL = "email"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
