from enum import StrEnum


class BillingWebhookAckAppliedType0(StrEnum):
    CANCEL = "cancel"
    STATUS = "status"
    SUBSCRIBE = "subscribe"

    def __str__(self) -> str:
        return str(self.value)
