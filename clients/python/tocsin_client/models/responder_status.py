from enum import StrEnum


class ResponderStatus(StrEnum):
    ACCEPTED = "accepted"
    DECLINED = "declined"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
