from enum import StrEnum


class WebhookConfigInputEventsItem(StrEnum):
    ALERT_RECEIVED = "alert.received"
    EXECUTION_UPDATED = "execution.updated"
    INCIDENT_CREATED = "incident.created"
    INCIDENT_RESOLVED = "incident.resolved"
    INCIDENT_STATUS_CHANGED = "incident.status_changed"
    INCIDENT_UPDATED = "incident.updated"

    def __str__(self) -> str:
        return str(self.value)
