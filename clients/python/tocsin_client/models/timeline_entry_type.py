from enum import StrEnum


class TimelineEntryType(StrEnum):
    ACK_TIMEOUT = "ack_timeout"
    ALERT = "alert"
    ALERT_INHIBITED = "alert_inhibited"
    ALERT_RESOLVED = "alert_resolved"
    ALERT_SILENCED = "alert_silenced"
    ALERT_UNGROUPED = "alert_ungrouped"
    ASSIGNEE_CHANGED = "assignee_changed"
    CHANGE_EVENT = "change_event"
    CHAT_MESSAGE = "chat_message"
    CREATED = "created"
    DESCRIPTION_CHANGED = "description_changed"
    EXECUTION = "execution"
    FLAPPING = "flapping"
    LINK = "link"
    MERGED = "merged"
    NOTE = "note"
    PAGE = "page"
    POSTMORTEM = "postmortem"
    PRIORITY_CHANGED = "priority_changed"
    REASSIGNED = "reassigned"
    RESOLVED_BY_ALERT = "resolved_by_alert"
    RESPONDER = "responder"
    ROLE = "role"
    ROUTED = "routed"
    SEVERITY_CHANGED = "severity_changed"
    SNOOZED = "snoozed"
    SNOOZE_ENDED = "snooze_ended"
    STATUS_CHANGED = "status_changed"
    STATUS_UPDATE = "status_update"
    TITLE_CHANGED = "title_changed"
    UNMERGED = "unmerged"

    def __str__(self) -> str:
        return str(self.value)
