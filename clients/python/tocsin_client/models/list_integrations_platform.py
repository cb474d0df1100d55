from enum import StrEnum


class ListIntegrationsPlatform(StrEnum):
    APM = "apm"
    DASHBOARDS = "dashboards"
    GENERIC_JSON = "generic_json"
    INFRA_MONITOR = "infra_monitor"
    METRICS_ALERTS = "metrics_alerts"
    OBSERVABILITY = "observability"
    PAGER = "pager"
    SEARCH_LOGS = "search_logs"

    def __str__(self) -> str:
        return str(self.value)
