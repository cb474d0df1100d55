from enum import StrEnum


class ContactMethodVerification(StrEnum):
    CODE = "code"
    LINK = "link"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
