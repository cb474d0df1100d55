from enum import StrEnum


class ChannelConnectionKind(StrEnum):
    MATRIX = "matrix"
    NTFY = "ntfy"
    SLACK = "slack"
    TWILIO = "twilio"

    def __str__(self) -> str:
        return str(self.value)
