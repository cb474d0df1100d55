from enum import StrEnum


class GetAnalyticsGroupBy(StrEnum):
    ASSIGNEE = "assignee"
    INTEGRATION = "integration"
    PRIORITY = "priority"
    SEVERITY = "severity"
    SOURCE = "source"
    STATUS = "status"

    def __str__(self) -> str:
        return str(self.value)
