from enum import StrEnum


class CreateBillingCheckoutBodyPlan(StrEnum):
    ENTERPRISE = "enterprise"
    TEAM = "team"

    def __str__(self) -> str:
        return str(self.value)
