from enum import StrEnum


class DeleteChannelConnectionKind(StrEnum):
    MATRIX = "matrix"
    NTFY = "ntfy"
    SLACK = "slack"
    TWILIO = "twilio"

    def __str__(self) -> str:
        return str(self.value)
