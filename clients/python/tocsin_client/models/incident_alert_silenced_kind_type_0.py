from enum import StrEnum


class IncidentAlertSilencedKindType0(StrEnum):
    INHIBITION = "inhibition"
    MAINTENANCE_WINDOW = "maintenance_window"
    SILENCE = "silence"

    def __str__(self) -> str:
        return str(self.value)
