from enum import StrEnum


class TimelineEntryType(StrEnum):
    ALERT = "alert"
    ALERT_SILENCED = "alert_silenced"
    ASSIGNEE_CHANGED = "assignee_changed"
    CHAT_MESSAGE = "chat_message"
    CREATED = "created"
    DESCRIPTION_CHANGED = "description_changed"
    EXECUTION = "execution"
    NOTE = "note"
    PAGE = "page"
    REASSIGNED = "reassigned"
    RESOLVED_BY_ALERT = "resolved_by_alert"
    ROUTED = "routed"
    SEVERITY_CHANGED = "severity_changed"
    STATUS_CHANGED = "status_changed"
    TITLE_CHANGED = "title_changed"

    def __str__(self) -> str:
        return str(self.value)
