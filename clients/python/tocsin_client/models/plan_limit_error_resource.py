from enum import StrEnum


class PlanLimitErrorResource(StrEnum):
    INTEGRATIONS = "integrations"
    MEMBERS = "members"

    def __str__(self) -> str:
        return str(self.value)
