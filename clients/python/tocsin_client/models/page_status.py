from enum import StrEnum


class PageStatus(StrEnum):
    FAILED = "failed"
    SENDING = "sending"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
