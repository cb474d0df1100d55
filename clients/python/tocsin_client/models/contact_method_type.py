from enum import StrEnum


class ContactMethodType(StrEnum):
    EMAIL = "email"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
