from enum import StrEnum


class WebhookHealthStatus(StrEnum):
    DEGRADED = "degraded"
    HEALTHY = "healthy"

    def __str__(self) -> str:
        return str(self.value)
