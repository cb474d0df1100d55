from enum import StrEnum


class UpdateSsoConnectionBodyDefaultRole(StrEnum):
    ADMIN = "admin"
    ENGINEER = "engineer"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
