from enum import StrEnum


class BillingPlan(StrEnum):
    ENTERPRISE = "enterprise"
    FREE = "free"
    TEAM = "team"

    def __str__(self) -> str:
        return str(self.value)
