from enum import StrEnum


class CreateSsoConnectionBodyType3DefaultRole(StrEnum):
    ADMIN = "admin"
    ENGINEER = "engineer"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
