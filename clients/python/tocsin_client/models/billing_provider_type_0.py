from enum import StrEnum


class BillingProviderType0(StrEnum):
    STRIPE = "stripe"

    def __str__(self) -> str:
        return str(self.value)
