from enum import StrEnum


class RoutingTestSource(StrEnum):
    DEFAULT = "default"
    INTEGRATION = "integration"
    NONE = "none"
    RULE = "rule"
    TEAM = "team"

    def __str__(self) -> str:
        return str(self.value)
