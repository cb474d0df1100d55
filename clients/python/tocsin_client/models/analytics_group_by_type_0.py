from enum import StrEnum


class AnalyticsGroupByType0(StrEnum):
    ASSIGNEE = "assignee"
    INTEGRATION = "integration"
    PRIORITY = "priority"
    SEVERITY = "severity"
    SOURCE = "source"
    STATUS = "status"

    def __str__(self) -> str:
        return str(self.value)
