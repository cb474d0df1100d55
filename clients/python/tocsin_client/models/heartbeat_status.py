from enum import StrEnum


class HeartbeatStatus(StrEnum):
    DOWN = "down"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
