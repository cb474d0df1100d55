from enum import StrEnum


class NotificationType(StrEnum):
    EXECUTION_WAITING = "execution.waiting"
    INCIDENT_ASSIGNED = "incident.assigned"
    INCIDENT_CREATED = "incident.created"

    def __str__(self) -> str:
        return str(self.value)
