from enum import StrEnum


class WebhookConfigInputMethod(StrEnum):
    PATCH = "PATCH"
    POST = "POST"
    PUT = "PUT"

    def __str__(self) -> str:
        return str(self.value)
