from enum import StrEnum


class NotificationType(StrEnum):
    EXECUTION_WAITING = "execution.waiting"
    INCIDENT_ASSIGNED = "incident.assigned"
    INCIDENT_CREATED = "incident.created"
    INCIDENT_RESOLVED = "incident.resolved"

    def __str__(self) -> str:
        return str(self.value)
