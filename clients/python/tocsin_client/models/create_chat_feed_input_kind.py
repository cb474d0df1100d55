from enum import StrEnum


class CreateChatFeedInputKind(StrEnum):
    MATRIX = "matrix"
    SLACK = "slack"

    def __str__(self) -> str:
        return str(self.value)
