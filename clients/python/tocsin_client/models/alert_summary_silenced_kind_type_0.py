from enum import StrEnum


class AlertSummarySilencedKindType0(StrEnum):
    INHIBITION = "inhibition"
    MAINTENANCE_WINDOW = "maintenance_window"
    SILENCE = "silence"

    def __str__(self) -> str:
        return str(self.value)
