from enum import StrEnum


class ChannelLinkPreviewKind(StrEnum):
    EMAIL = "email"
    MATRIX = "matrix"
    PUSH = "push"
    SLACK = "slack"
    SMS = "sms"
    VOICE = "voice"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
